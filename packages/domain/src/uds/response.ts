import { ok, type Result } from "../shared/result";
import { nrcText, UDS_DIDS, UDS_RESETS, UDS_SESSIONS } from "./codes";
import { type DecodedDtc, decodeDtc } from "./dtc";
import { REPORT_DTC_BY_STATUS_MASK, UDS_SERVICES, type UdsRequest } from "./request";

/** Negative response SID (ISO 14229-1 §8.7). */
export const NEGATIVE_RESPONSE = 0x7f;
/** A positive response's SID is the request's plus 0x40. */
export const POSITIVE_OFFSET = 0x40;

/** An ECU's answer to a {@link UdsRequest}, decoded. */
export type UdsResult =
  | { readonly kind: "negative"; readonly sid: number; readonly nrc: number; readonly text: string }
  | { readonly kind: "dtcs"; readonly availabilityMask: number; readonly dtcs: readonly DecodedDtc[] }
  | { readonly kind: "cleared" }
  | {
      readonly kind: "did";
      readonly did: number;
      readonly name: string;
      readonly hex: string;
      readonly text: string | null;
    }
  | {
      readonly kind: "session";
      readonly session: number;
      readonly name: string;
      readonly p2Ms: number;
      readonly p2StarMs: number;
    }
  | { readonly kind: "reset"; readonly resetType: number; readonly name: string };

/** Why an answer could not be read (Chinese). */
export interface UdsDecodeError {
  readonly message: string;
}
const fail = (message: string) => ({ ok: false as const, error: { message } });
const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0").toUpperCase()).join("");

/** The reason of a negative response (`ECU否定响应：0x22 条件不满足（conditionsNotCorrect）`), or undefined. */
export function udsNegativeReason(response: Uint8Array): string | undefined {
  if (response.length !== 3 || response[0] !== NEGATIVE_RESPONSE) return undefined;
  return `ECU否定响应：${nrcText(response[2] as number)}`;
}

/** ASCII text of a value when every byte is printable (trailing NULs and spaces dropped), else null. */
function asciiText(b: Uint8Array): string | null {
  const text = String.fromCharCode(...b).replace(/[\0 ]+$/, "");
  return /^[\x20-\x7e]+$/.test(text) ? text : null;
}

/**
 * Reads an ECU's answer to the request it was sent for: a negative response (0x7F · SID · NRC)
 * for that service, or the service's positive response with the sub-function or identifier it
 * echoes checked.
 */
export function decodeUdsResponse(request: UdsRequest, response: Uint8Array): Result<UdsResult, UdsDecodeError> {
  const sid = UDS_SERVICES[request.service].sid;
  if (response[0] === NEGATIVE_RESPONSE) {
    if (response.length !== 3 || response[1] !== sid) return fail("否定响应格式错误或不属于该请求");
    const nrc = response[2] as number;
    return ok({ kind: "negative", sid, nrc, text: nrcText(nrc) });
  }
  if (response[0] !== sid + POSITIVE_OFFSET) return fail("响应的服务标识与请求不符");
  switch (request.service) {
    case "readDtc": {
      if (response.length < 3 || response[1] !== REPORT_DTC_BY_STATUS_MASK || (response.length - 3) % 4 !== 0)
        return fail("故障码响应长度错误");
      const dtcs: DecodedDtc[] = [];
      for (let i = 3; i < response.length; i += 4) {
        const value =
          ((response[i] as number) << 16) | ((response[i + 1] as number) << 8) | (response[i + 2] as number);
        dtcs.push(decodeDtc(value, response[i + 3] as number));
      }
      return ok({ kind: "dtcs", availabilityMask: response[2] as number, dtcs });
    }
    case "clearDtc":
      return response.length === 1 ? ok({ kind: "cleared" }) : fail("清除故障码响应长度错误");
    case "readDid": {
      const did = ((response[1] ?? 0) << 8) | (response[2] ?? 0);
      if (response.length < 4 || did !== request.did) return fail("数据标识符响应与请求不符");
      const value = response.subarray(3);
      return ok({ kind: "did", did, name: UDS_DIDS[did] ?? "", hex: hexOf(value), text: asciiText(value) });
    }
    case "session": {
      if (response.length !== 6 || response[1] !== request.session) return fail("诊断会话响应与请求不符");
      const p2Ms = ((response[2] as number) << 8) | (response[3] as number);
      const p2StarMs = (((response[4] as number) << 8) | (response[5] as number)) * 10;
      const name = UDS_SESSIONS[request.session] as string;
      return ok({ kind: "session", session: request.session, name, p2Ms, p2StarMs });
    }
    case "reset":
      return response.length === 2 && response[1] === request.resetType
        ? ok({ kind: "reset", resetType: request.resetType, name: UDS_RESETS[request.resetType] as string })
        : fail("ECU复位响应与请求不符");
  }
}
