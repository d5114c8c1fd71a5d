import { ok, type Result } from "../shared/result";
import { concat, isUint, uintBytes } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";

/**
 * The general response body, the same layout both ways: 0x8001 (platform → terminal) and
 * 0x0001 (terminal → platform): the serial and id of the message answered (WORD each) and the
 * result (BYTE).
 */
export interface Jt808GeneralResponse {
  readonly serial: number;
  readonly messageId: number;
  readonly result: number;
}

/** 0x8001 results: 0 success, 1 failure, 2 message wrong, 3 not supported, 4 alarm handling confirmed. */
export const JT808_PLATFORM_RESULTS = ["成功/确认", "失败", "消息有误", "不支持", "报警处理确认"] as const;
/** 0x0001 results: 0 success, 1 failure, 2 message wrong, 3 not supported. */
export const JT808_TERMINAL_RESULTS = ["成功/确认", "失败", "消息有误", "不支持"] as const;

/** Length of a general response body. */
export const JT808_GENERAL_RESPONSE_LENGTH = 5;

/** Reads a 0x8001 or 0x0001 body. */
export function decodeJt808GeneralResponse(body: Uint8Array): Result<Jt808GeneralResponse, Jt808Error> {
  if (body.length !== JT808_GENERAL_RESPONSE_LENGTH) {
    return jt808Error("length-mismatch", `通用应答应为${JT808_GENERAL_RESPONSE_LENGTH}字节，实际为${body.length}字节`);
  }
  const [s1, s2, m1, m2, result] = body as unknown as [number, number, number, number, number];
  return ok({ serial: s1 * 256 + s2, messageId: m1 * 256 + m2, result });
}

/** Writes a 0x8001 or 0x0001 body. */
export function encodeJt808GeneralResponse(response: Jt808GeneralResponse): Result<Uint8Array, Jt808Error> {
  if (!isUint(response.serial, 0xffff) || !isUint(response.messageId, 0xffff) || !isUint(response.result, 0xff)) {
    return jt808Error("bad-number", "应答流水号、应答ID应为0–65535，结果0–255");
  }
  return ok(concat([uintBytes(response.serial, 2), uintBytes(response.messageId, 2), Uint8Array.of(response.result)]));
}
