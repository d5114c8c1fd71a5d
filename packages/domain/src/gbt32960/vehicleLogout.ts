import { ok, type Result } from "../shared/result";
import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "./collectionTime";
import { type FrameError, frameError } from "./errors";

/** Logout body length: collection time (6) · logout serial (2). */
export const LOGOUT_LENGTH = TIME_LENGTH + 2;

/** A vehicle logout body (command 0x04; domain-notes.md "Vehicle logout body"). */
export interface VehicleLogout {
  /** Collection time, epoch milliseconds. */
  readonly collectedAt: number;
  /** Logout serial number, the same as the login it closes. */
  readonly serial: number;
}

/** Reads a vehicle logout body: exactly 8 bytes, time then serial. Same in both editions. */
export function decodeVehicleLogout(data: Uint8Array): Result<VehicleLogout, FrameError> {
  if (data.length !== LOGOUT_LENGTH) {
    return frameError("length-mismatch", `车辆登出数据单元应为${LOGOUT_LENGTH}字节，实际为${data.length}字节`);
  }
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return time;
  return ok({ collectedAt: time.value, serial: ((data[6] as number) << 8) | (data[7] as number) });
}

/** Writes a vehicle logout body. */
export function encodeVehicleLogout(body: VehicleLogout): Result<Uint8Array, FrameError> {
  const time = encodeCollectionTime(body.collectedAt);
  if (!time.ok) return time;
  if (!Number.isInteger(body.serial) || body.serial < 0 || body.serial > 0xffff) {
    return frameError("bad-number", `登出流水号${body.serial}不是0–65535的整数`);
  }
  return ok(Uint8Array.of(...time.value, body.serial >> 8, body.serial & 0xff));
}
