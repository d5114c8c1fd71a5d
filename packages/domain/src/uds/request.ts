import { UDS_DIDS, UDS_RESETS, UDS_SESSIONS } from "./codes";

/**
 * The UDS requests the console sends (ISO 14229-1), one per service it offers:
 * 0x19 ReadDTCInformation sub-function 0x02 reportDTCByStatusMask, 0x14
 * ClearDiagnosticInformation, 0x22 ReadDataByIdentifier, 0x10 DiagnosticSessionControl and
 * 0x11 ECUReset.
 */
export type UdsRequest =
  | { readonly service: "readDtc"; readonly statusMask: number }
  | { readonly service: "clearDtc"; readonly group: number }
  | { readonly service: "readDid"; readonly did: number }
  | { readonly service: "session"; readonly session: number }
  | { readonly service: "reset"; readonly resetType: number };

export type UdsService = UdsRequest["service"];

/**
 * Each service's id, name and permission group: reading (DTCs, identifiers) changes nothing in
 * the ECU; clearing DTCs, switching the session and resetting do, so they are a group of their own.
 */
export const UDS_SERVICES = {
  readDtc: { sid: 0x19, name: "读取故障码", group: "read" },
  readDid: { sid: 0x22, name: "读取数据标识符", group: "read" },
  clearDtc: { sid: 0x14, name: "清除故障码", group: "control" },
  session: { sid: 0x10, name: "诊断会话控制", group: "control" },
  reset: { sid: 0x11, name: "ECU复位", group: "control" },
} as const satisfies Record<UdsService, { sid: number; name: string; group: string }>;

export type UdsGroup = (typeof UDS_SERVICES)[UdsService]["group"];

/** All DTC groups (ISO 14229-1 Annex D.1: 0xFFFFFF clears every group). */
export const UDS_ALL_DTC_GROUPS = 0xffffff;
/** Sub-function 0x02 of 0x19: reportDTCByStatusMask. */
export const REPORT_DTC_BY_STATUS_MASK = 0x02;

const isByte = (n: number, min = 0) => Number.isInteger(n) && n >= min && n <= 0xff;

/** Why a request may not be sent, in Chinese, or undefined. */
export function udsRequestProblem(r: UdsRequest): string | undefined {
  switch (r.service) {
    case "readDtc":
      return isByte(r.statusMask, 1) ? undefined : "状态掩码应为1–255（0x01–0xFF）的整数";
    case "clearDtc":
      return Number.isInteger(r.group) && r.group >= 0 && r.group <= UDS_ALL_DTC_GROUPS
        ? undefined
        : "故障码组应为0x000000–0xFFFFFF";
    case "readDid":
      return Object.hasOwn(UDS_DIDS, r.did) ? undefined : "不支持的数据标识符";
    case "session":
      return Object.hasOwn(UDS_SESSIONS, r.session) ? undefined : "诊断会话应为01默认、02编程或03扩展";
    case "reset":
      return Object.hasOwn(UDS_RESETS, r.resetType) ? undefined : "复位类型应为01硬件、02钥匙开关或03软件";
    default:
      return `不支持的诊断服务“${String((r as { service: unknown }).service)}”`;
  }
}

/** The group (permission) of a service, or undefined for an unknown one. */
export function udsServiceGroup(service: string): UdsGroup | undefined {
  return Object.hasOwn(UDS_SERVICES, service) ? UDS_SERVICES[service as UdsService].group : undefined;
}

/** The request's bytes (SID first); call after {@link udsRequestProblem}. */
export function udsRequestBytes(r: UdsRequest): Uint8Array {
  const sid = UDS_SERVICES[r.service].sid;
  switch (r.service) {
    case "readDtc":
      return Uint8Array.of(sid, REPORT_DTC_BY_STATUS_MASK, r.statusMask);
    case "clearDtc":
      return Uint8Array.of(sid, (r.group >> 16) & 0xff, (r.group >> 8) & 0xff, r.group & 0xff);
    case "readDid":
      return Uint8Array.of(sid, r.did >> 8, r.did & 0xff);
    case "session":
      return Uint8Array.of(sid, r.session);
    case "reset":
      return Uint8Array.of(sid, r.resetType);
  }
}

const h = (n: number, w: number) => `0x${n.toString(16).padStart(w, "0").toUpperCase()}`;

/** What the request asks, for lists and the export: `读取故障码（状态掩码0xFF）`. */
export function udsRequestText(r: UdsRequest): string {
  switch (r.service) {
    case "readDtc":
      return `读取故障码（状态掩码${h(r.statusMask, 2)}）`;
    case "clearDtc":
      return r.group === UDS_ALL_DTC_GROUPS ? "清除故障码（全部）" : `清除故障码（组${h(r.group, 6)}）`;
    case "readDid":
      return `读取${h(r.did, 4)} ${UDS_DIDS[r.did] ?? ""}`.trimEnd();
    case "session":
      return `诊断会话控制：${UDS_SESSIONS[r.session] ?? h(r.session, 2)}`;
    case "reset":
      return `ECU复位：${UDS_RESETS[r.resetType] ?? h(r.resetType, 2)}`;
  }
}
