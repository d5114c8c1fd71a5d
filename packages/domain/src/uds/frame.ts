import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "../gbt32960/collectionTime";
import { type FrameError, frameError } from "../gbt32960/errors";
import { byteHex } from "../gbt32960/hex";
import { ok, type Result } from "../shared/result";

/**
 * Remote UDS diagnosis over GB/T 32960, designed: a terminal control 0x82 with the maker
 * sub-command 0x81 (0x80 is remote control; the standard leaves 0x80–0xFE to makers).
 * Layout, both ways: time 6 · 0x81 · request CAN id DWORD · response CAN id DWORD · length WORD ·
 * UDS bytes. Downlink (flag 0xFE) the bytes are the request the T-BOX puts on the ECU's bus
 * (ISO 15765-2 segments it); the terminal answers 0x82 flag 01 with the ECU's response in the
 * same layout (positive, or 0x7F · SID · NRC), or flag 02 with time · 0x81 alone when the ECU did
 * not answer within P2* (the answer still echoes the time the command model matches on, and says
 * it is a diagnosis's).
 */
export const UDS_CONTROL_CODE = 0x81;
/** Largest UDS message ISO 15765-2 carries in one transfer (12-bit length). */
export const MAX_UDS_BYTES = 4095;
/** Highest 29-bit (extended) CAN identifier. */
export const MAX_CAN_ID = 0x1fffffff;

/** The ECU's addressing on its bus. */
export interface UdsEcuAddress {
  readonly requestId: number;
  readonly responseId: number;
}

export interface UdsUnit {
  readonly collectedAt: number;
  readonly ecu: UdsEcuAddress;
  /** The request (downlink) or the ECU's response (uplink), SID first. */
  readonly data: Uint8Array;
}

const HEADER = TIME_LENGTH + 1 + 4 + 4 + 2;
const isCanId = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_CAN_ID;

/** Why an ECU address may not be used, in Chinese, or undefined. */
export function canIdProblem(ecu: UdsEcuAddress): string | undefined {
  if (!isCanId(ecu.requestId) || !isCanId(ecu.responseId)) return "CAN标识符应为0x0–0x1FFFFFFF";
  return ecu.requestId === ecu.responseId ? "请求与响应的CAN标识符不能相同" : undefined;
}

/** Writes the data unit (a request for the terminal, or its answer carrying the ECU's response). */
export function encodeUdsUnit(unit: UdsUnit): Result<Uint8Array, FrameError> {
  const time = encodeCollectionTime(unit.collectedAt);
  if (!time.ok) return time;
  const problem = canIdProblem(unit.ecu);
  if (problem) return frameError("bad-param", problem);
  const n = unit.data.length;
  if (n < 1 || n > MAX_UDS_BYTES) return frameError("bad-length", `诊断报文应为1–${MAX_UDS_BYTES}字节`);
  const out = new Uint8Array(HEADER + n);
  out.set(time.value, 0);
  const view = new DataView(out.buffer);
  out[TIME_LENGTH] = UDS_CONTROL_CODE;
  view.setUint32(TIME_LENGTH + 1, unit.ecu.requestId);
  view.setUint32(TIME_LENGTH + 5, unit.ecu.responseId);
  view.setUint16(TIME_LENGTH + 9, n);
  out.set(unit.data, HEADER);
  return ok(out);
}

/** Whether a 0x82 data unit is a UDS diagnosis (its command byte is 0x81). */
export function isUdsUnit(data: Uint8Array): boolean {
  return data.length > TIME_LENGTH && data[TIME_LENGTH] === UDS_CONTROL_CODE;
}

/** Reads the data unit (the terminal reads a request, the platform an answer). */
export function decodeUdsUnit(data: Uint8Array): Result<UdsUnit, FrameError> {
  if (data.length < HEADER + 1) return frameError("truncated", "诊断数据单元不完整");
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return time;
  if (data[TIME_LENGTH] !== UDS_CONTROL_CODE)
    return frameError("unsupported-type", `控制命令${byteHex(data[TIME_LENGTH] as number)}不是UDS诊断`, TIME_LENGTH);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const ecu = { requestId: view.getUint32(TIME_LENGTH + 1), responseId: view.getUint32(TIME_LENGTH + 5) };
  const problem = canIdProblem(ecu);
  if (problem) return frameError("bad-param", problem, TIME_LENGTH + 1);
  const n = view.getUint16(TIME_LENGTH + 9);
  if (data.length !== HEADER + n)
    return frameError("length-mismatch", `诊断报文长度${n}与数据单元不符`, TIME_LENGTH + 9);
  return ok({ collectedAt: time.value, ecu, data: data.slice(HEADER) });
}
