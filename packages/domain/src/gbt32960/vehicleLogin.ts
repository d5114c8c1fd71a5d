import { ok, type Result } from "../shared/result";
import { asciiToString, isPrintableAscii, isPrintableAsciiText, stringToAscii } from "./ascii";
import type { Gbt32960Edition } from "./codes";
import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "./collectionTime";
import { type FrameError, frameError } from "./errors";

/** ICCID field length in the login body. */
export const LOGIN_ICCID_LENGTH = 20;
/** 2016: at most 250 rechargeable energy-storage subsystems, codes of at most 50 bytes. */
export const MAX_SUBSYSTEMS = 250;
/** Longest subsystem code of the 2016 body. */
export const MAX_SUBSYSTEM_CODE_LENGTH = 50;
/** 2025: each battery pack serial number is 24 ASCII characters. */
export const PACK_SERIAL_LENGTH = 24;
/** time (6) · serial (2) · ICCID (20). */
const FIXED = TIME_LENGTH + 2 + LOGIN_ICCID_LENGTH;

/** Fields both editions share. */
interface LoginCommon {
  /** Collection time, epoch milliseconds. */
  readonly collectedAt: number;
  /** Login serial number (2 bytes). */
  readonly serial: number;
  /** ICCID of the SIM card, trailing NUL padding removed. */
  readonly iccid: string;
}

/** 2016 vehicle login body: n subsystem codes, each of length m. */
export interface VehicleLogin2016 extends LoginCommon {
  readonly edition: 2016;
  /** m, kept even with no subsystems so a frame re-encodes byte for byte. */
  readonly codeLength: number;
  readonly subsystemCodes: readonly string[];
}

/** 2025 vehicle login body: per BMS, the serial numbers of its battery packs. */
export interface VehicleLogin2025 extends LoginCommon {
  readonly edition: 2025;
  readonly packSerials: readonly (readonly string[])[];
}

/** A vehicle login body (command 0x01) of either edition. */
export type VehicleLogin = VehicleLogin2016 | VehicleLogin2025;

function readAscii(data: Uint8Array, offset: number, length: number, what: string): Result<string, FrameError> {
  const bytes = data.subarray(offset, offset + length);
  if (!isPrintableAscii(bytes)) return frameError("bad-ascii", `${what}含非ASCII可见字符`, offset);
  return ok(asciiToString(bytes));
}

function sizeError(expected: number, actual: number) {
  return frameError("length-mismatch", `车辆登入数据单元应为${expected}字节，实际为${actual}字节`);
}

/**
 * Reads a vehicle login body (domain-notes.md "Vehicle login body"): collection time, login
 * serial, ICCID (20 ASCII, NUL padding removed), then for 2016 n (0–250) subsystems with codes
 * of m (0–50) bytes, for 2025 n BMS, a pack count each and 24-character pack serials. The body
 * must be exactly as long as its counts say.
 */
export function decodeVehicleLogin(data: Uint8Array, edition: Gbt32960Edition): Result<VehicleLogin, FrameError> {
  if (data.length < FIXED + 1) return sizeError(FIXED + 1, data.length);
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return time;
  const serial = ((data[6] as number) << 8) | (data[7] as number);
  const iccidBytes = data.subarray(8, FIXED);
  let end = iccidBytes.length;
  while (end > 0 && iccidBytes[end - 1] === 0) end--;
  const iccid = readAscii(iccidBytes, 0, end, "ICCID");
  if (!iccid.ok) return frameError("bad-ascii", iccid.error.message, 8);
  const count = data[FIXED] as number;
  if (count > MAX_SUBSYSTEMS) {
    return frameError("bad-count", `可充电储能子系统数${count}超过上限${MAX_SUBSYSTEMS}`, FIXED);
  }
  const common = { collectedAt: time.value, serial, iccid: iccid.value };
  if (edition === 2016) return decodeSubsystems2016(data, count, common);
  return decodePacks2025(data, count, common);
}

function decodeSubsystems2016(data: Uint8Array, count: number, common: LoginCommon): Result<VehicleLogin, FrameError> {
  if (data.length < FIXED + 2) return sizeError(FIXED + 2, data.length);
  const codeLength = data[FIXED + 1] as number;
  if (codeLength > MAX_SUBSYSTEM_CODE_LENGTH) {
    return frameError("bad-count", `子系统编码长度${codeLength}超过上限${MAX_SUBSYSTEM_CODE_LENGTH}`, FIXED + 1);
  }
  const expected = FIXED + 2 + count * codeLength;
  if (data.length !== expected) return sizeError(expected, data.length);
  const subsystemCodes: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = readAscii(data, FIXED + 2 + i * codeLength, codeLength, `第${i + 1}个子系统编码`);
    if (!code.ok) return code;
    subsystemCodes.push(code.value);
  }
  return ok({ edition: 2016, ...common, codeLength, subsystemCodes });
}

function decodePacks2025(data: Uint8Array, count: number, common: LoginCommon): Result<VehicleLogin, FrameError> {
  const countsEnd = FIXED + 1 + count;
  if (data.length < countsEnd) return sizeError(countsEnd, data.length);
  const packCounts = Array.from(data.subarray(FIXED + 1, countsEnd));
  const expected = countsEnd + packCounts.reduce((sum, n) => sum + n, 0) * PACK_SERIAL_LENGTH;
  if (data.length !== expected) return sizeError(expected, data.length);
  const packSerials: string[][] = [];
  let offset = countsEnd;
  for (const [bms, packs] of packCounts.entries()) {
    const serials: string[] = [];
    for (let p = 0; p < packs; p++) {
      const sn = readAscii(data, offset, PACK_SERIAL_LENGTH, `第${bms + 1}个BMS的第${p + 1}个电池包编码`);
      if (!sn.ok) return sn;
      serials.push(sn.value);
      offset += PACK_SERIAL_LENGTH;
    }
    packSerials.push(serials);
  }
  return ok({ edition: 2025, ...common, packSerials });
}

function isAsciiOfLength(text: string, length: number): boolean {
  return text.length === length && isPrintableAsciiText(text);
}

/**
 * Writes a vehicle login body in the layout of its edition (see {@link decodeVehicleLogin}).
 * The ICCID is 1–20 printable characters (shorter ones are NUL-padded); every code must have
 * exactly the declared length.
 */
export function encodeVehicleLogin(body: VehicleLogin): Result<Uint8Array, FrameError> {
  const time = encodeCollectionTime(body.collectedAt);
  if (!time.ok) return time;
  if (!Number.isInteger(body.serial) || body.serial < 0 || body.serial > 0xffff) {
    return frameError("bad-number", `登入流水号${body.serial}不是0–65535的整数`);
  }
  if (body.iccid.length === 0 || body.iccid.length > LOGIN_ICCID_LENGTH || !isPrintableAsciiText(body.iccid)) {
    return frameError("bad-ascii", "ICCID必须为1–20个ASCII可见字符");
  }
  const parts: number[] = [...time.value, body.serial >> 8, body.serial & 0xff];
  parts.push(...stringToAscii(body.iccid.padEnd(LOGIN_ICCID_LENGTH, "\0")));
  const tail = body.edition === 2016 ? subsystems2016(body) : packs2025(body);
  if (!tail.ok) return tail;
  parts.push(...tail.value);
  return ok(Uint8Array.from(parts));
}

function subsystems2016(body: VehicleLogin2016): Result<number[], FrameError> {
  const { codeLength, subsystemCodes } = body;
  if (subsystemCodes.length > MAX_SUBSYSTEMS) {
    return frameError("bad-count", `可充电储能子系统数${subsystemCodes.length}超过上限${MAX_SUBSYSTEMS}`);
  }
  if (!Number.isInteger(codeLength) || codeLength < 0 || codeLength > MAX_SUBSYSTEM_CODE_LENGTH) {
    return frameError("bad-count", `子系统编码长度${codeLength}不是0–${MAX_SUBSYSTEM_CODE_LENGTH}的整数`);
  }
  const bad = subsystemCodes.findIndex((code) => !isAsciiOfLength(code, codeLength));
  if (bad >= 0) return frameError("bad-ascii", `第${bad + 1}个子系统编码必须为${codeLength}个ASCII可见字符`);
  const out = [subsystemCodes.length, codeLength];
  for (const code of subsystemCodes) out.push(...stringToAscii(code));
  return ok(out);
}

function packs2025(body: VehicleLogin2025): Result<number[], FrameError> {
  const { packSerials } = body;
  if (packSerials.length > MAX_SUBSYSTEMS) {
    return frameError("bad-count", `BMS数${packSerials.length}超过上限${MAX_SUBSYSTEMS}`);
  }
  if (packSerials.some((packs) => packs.length > 0xff)) return frameError("bad-count", "每个BMS的电池包数不能超过255");
  const out = [packSerials.length, ...packSerials.map((packs) => packs.length)];
  for (const packs of packSerials) {
    for (const sn of packs) {
      if (!isAsciiOfLength(sn, PACK_SERIAL_LENGTH)) {
        return frameError("bad-ascii", `电池包编码“${sn}”必须为${PACK_SERIAL_LENGTH}个ASCII可见字符`);
      }
      out.push(...stringToAscii(sn));
    }
  }
  return ok(out);
}
