import { asciiToString, isPrintableAscii, isPrintableAsciiText, stringToAscii } from "../gbt32960/ascii";
import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "../gbt32960/collectionTime";
import { type FrameError, frameError } from "../gbt32960/errors";
import { byteHex, bytesToHex } from "../gbt32960/hex";
import { ByteReader, type ItemTruncated } from "../gbt32960/realtime/reader";
import { ok, type Result } from "../shared/result";
import { HJ1239_COMMAND, HJ1239_ENCRYPTION, HJ1239_INFO_TYPE, hj1239InfoTypeName } from "./codes";
import { decodeHj1239Frame, encodeHj1239Frame, type Hj1239Frame } from "./frame";
import {
  type DieselStream,
  type Hj1239Position,
  type HybridStream,
  type ObdInfo,
  readDieselStream,
  readHybridStream,
  readObd,
  readTwcStream,
  type TwcStream,
} from "./realtime";

/** One information item of a real-time or re-sent unit: its type, its own collection time, its body. */
export type Hj1239Item = { readonly type: number; readonly name: string; readonly time: number } & (
  | { readonly kind: "obd"; readonly obd: ObdInfo }
  | { readonly kind: "diesel"; readonly stream: DieselStream }
  | { readonly kind: "twc"; readonly stream: TwcStream }
  | { readonly kind: "hybrid"; readonly stream: HybridStream }
  /** 0x80–0xFE: OEM-defined, its bytes kept. */
  | { readonly kind: "oem"; readonly hex: string }
);

/** The SM2 signature after the items (HJ 1239.3 with signing): R and S as hex. */
export interface Hj1239Signature {
  readonly r: string;
  readonly s: string;
}

/** What a frame says, by command. Times are epoch ms (the fields are UTC+8). */
export type Hj1239Body =
  | { readonly kind: "login"; readonly time: number; readonly serial: number; readonly iccid: string }
  | { readonly kind: "logout"; readonly time: number; readonly serial: number }
  | {
      readonly kind: "realtime";
      /** true for 0x03 补发信息上报. */
      readonly resent: boolean;
      readonly time: number;
      readonly serial: number;
      readonly items: readonly Hj1239Item[];
      readonly signature: Hj1239Signature | undefined;
    }
  | { readonly kind: "timeSync" }
  | {
      readonly kind: "antiTamper";
      readonly time: number;
      readonly serial: number;
      readonly position: Hj1239Position;
    }
  /** SM2-encrypted data unit: unreadable without the platform's key. */
  | { readonly kind: "encrypted" }
  /** Filing, parameter query and anything else: the bytes as sent. */
  | { readonly kind: "other"; readonly hex: string };

export interface DecodedHj1239 {
  readonly frame: Hj1239Frame;
  readonly body: Hj1239Body;
}

const ICCID_LENGTH = 20;
const LOGIN_LENGTH = TIME_LENGTH + 2 + ICCID_LENGTH;
const LOGOUT_LENGTH = TIME_LENGTH + 2;
const ANTI_TAMPER_LENGTH = TIME_LENGTH + 2 + 9;

function exactLength(data: Uint8Array, length: number, what: string): Result<void, FrameError> {
  if (data.length !== length) {
    return frameError("bad-length", `${what}数据单元应为${length}字节，实际为${data.length}字节`, 24);
  }
  return ok(undefined);
}

const serialAt = (data: Uint8Array, at: number) => ((data[at] as number) << 8) | (data[at + 1] as number);

/**
 * A signature closes the unit when the bytes left are exactly `len R · R · len S · S` with both
 * lengths 1–64 (BT writes 32 and 32). Checked before reading a type byte that is not a known
 * type, so a signed frame reads as items plus signature.
 */
function signatureAt(data: Uint8Array, at: number): Hj1239Signature | undefined {
  // callers pass an offset inside the unit
  const rLen = data[at] as number;
  if (rLen < 1 || rLen > 64) return undefined;
  const sLen = data[at + 1 + rLen] ?? 0;
  if (sLen < 1 || sLen > 64 || at + 2 + rLen + sLen !== data.length) return undefined;
  return {
    r: bytesToHex(data.subarray(at + 1, at + 1 + rLen)),
    s: bytesToHex(data.subarray(at + 2 + rLen, data.length)),
  };
}

/** Where an OEM item ends: before a 32/32 signature trailer when there is one, else at the end. */
function oemEnd(data: Uint8Array, from: number): number {
  const trailer = data.length - 66;
  return trailer >= from && signatureAt(data, trailer) ? trailer : data.length;
}

function readItems(
  data: Uint8Array,
): Result<{ items: Hj1239Item[]; signature: Hj1239Signature | undefined }, FrameError> {
  const r = new ByteReader(data);
  r.offset = TIME_LENGTH + 2;
  const items: Hj1239Item[] = [];
  let signature: Hj1239Signature | undefined;
  try {
    while (r.left > 0) {
      const at = r.offset;
      const type = r.u8();
      const name = hj1239InfoTypeName(type);
      if (name === undefined) {
        signature = signatureAt(data, at);
        if (signature) break;
        return frameError("unsupported-type", `不支持的信息类型${byteHex(type)}`, 24 + at);
      }
      const timeAt = r.offset;
      r.take(TIME_LENGTH);
      const time = decodeCollectionTime(data, timeAt);
      if (!time.ok) return frameError("bad-time", time.error.message, 24 + timeAt);
      const itemHead = { type, name, time: time.value };
      if (type === HJ1239_INFO_TYPE.obd) items.push({ ...itemHead, kind: "obd", obd: readObd(r) });
      else if (type === HJ1239_INFO_TYPE.diesel)
        items.push({ ...itemHead, kind: "diesel", stream: readDieselStream(r) });
      else if (type === HJ1239_INFO_TYPE.twc) items.push({ ...itemHead, kind: "twc", stream: readTwcStream(r) });
      else if (type === HJ1239_INFO_TYPE.hybrid)
        items.push({ ...itemHead, kind: "hybrid", stream: readHybridStream(r) });
      else {
        const end = oemEnd(data, r.offset);
        items.push({ ...itemHead, kind: "oem", hex: bytesToHex(r.take(end - r.offset)) });
      }
    }
  } catch (e) {
    // The readers throw nothing else: every read is a ByteReader read.
    const t = e as ItemTruncated;
    return frameError(
      "truncated",
      `信息体在第${24 + t.offset}字节处不完整：还需${t.needed}字节，只剩${t.left}字节`,
      24 + t.offset,
    );
  }
  return ok({ items, signature });
}

function timeAndSerial(data: Uint8Array): Result<{ time: number; serial: number }, FrameError> {
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return frameError("bad-time", time.error.message, 24);
  return ok({ time: time.value, serial: serialAt(data, TIME_LENGTH) });
}

/** A 4-byte degree field (1e-6°) as a quantity, 异常/无效 kept as such. */
const degrees = (value: number) =>
  value === 0xffffffff || value === 0xfffffffe
    ? ({ status: value === 0xffffffff ? "invalid" : "abnormal", raw: value, unit: "°" } as const)
    : ({ status: "valid", raw: value, value: value / 1_000_000, unit: "°" } as const);

/** Reads a frame's body by its command (what the gateway journals and the 燃油车国标数据 journal shows). */
export function decodeHj1239Body(frame: Hj1239Frame): Result<Hj1239Body, FrameError> {
  const { command, data, encryption } = frame;
  if (encryption === HJ1239_ENCRYPTION.sm2 && data.length > 0) return ok({ kind: "encrypted" });
  if (command === HJ1239_COMMAND.timeSync) return ok({ kind: "timeSync" });
  const known = [
    HJ1239_COMMAND.login,
    HJ1239_COMMAND.realtime,
    HJ1239_COMMAND.resend,
    HJ1239_COMMAND.logout,
  ] as number[];
  if (!known.includes(command) && command !== HJ1239_COMMAND.antiTamper)
    return ok({ kind: "other", hex: bytesToHex(data) });
  if (data.length < TIME_LENGTH + 2) {
    return frameError("bad-length", `数据单元${data.length}字节，不足时间和流水号的8字节`, 24);
  }
  const opening = timeAndSerial(data);
  if (!opening.ok) return opening;
  const { time, serial } = opening.value;
  if (command === HJ1239_COMMAND.login) {
    const len = exactLength(data, LOGIN_LENGTH, "车辆登入");
    if (!len.ok) return len;
    const iccid = data.subarray(TIME_LENGTH + 2);
    if (!isPrintableAscii(iccid)) return frameError("bad-ascii", "ICCID含非ASCII可见字符", 24 + TIME_LENGTH + 2);
    return ok({ kind: "login", time, serial, iccid: asciiToString(iccid) });
  }
  if (command === HJ1239_COMMAND.logout) {
    const len = exactLength(data, LOGOUT_LENGTH, "车辆登出");
    return len.ok ? ok({ kind: "logout", time, serial }) : len;
  }
  if (command === HJ1239_COMMAND.antiTamper) {
    const len = exactLength(data, ANTI_TAMPER_LENGTH, "防拆报警");
    if (!len.ok) return len;
    const r = new ByteReader(data);
    r.offset = TIME_LENGTH + 2;
    const statusRaw = r.u8();
    const lon = r.u32();
    const lat = r.u32();
    return ok({
      kind: "antiTamper",
      time,
      serial,
      position: {
        statusRaw,
        fixValid: (statusRaw & 0x01) === 0,
        south: (statusRaw & 0x02) !== 0,
        west: (statusRaw & 0x04) !== 0,
        longitude: degrees(lon),
        latitude: degrees(lat),
      },
    });
  }
  const read = readItems(data);
  if (!read.ok) return read;
  return ok({ kind: "realtime", resent: command === HJ1239_COMMAND.resend, time, serial, ...read.value });
}

/** Frame and body in one call, from hex text or bytes. */
export function decodeHj1239Message(input: string | Uint8Array): Result<DecodedHj1239, FrameError> {
  const frame = decodeHj1239Frame(input);
  if (!frame.ok) return frame;
  const body = decodeHj1239Body(frame.value);
  return body.ok ? ok({ frame: frame.value, body: body.value }) : body;
}

// ── writing (the simulator, the seed and the gateway's answers) ──

/** The header fields every frame of a terminal repeats. */
export interface Hj1239Terminal {
  readonly vin: string;
  readonly softwareVersion: number;
}

function frameOf(t: Hj1239Terminal, command: number, data: Uint8Array) {
  return encodeHj1239Frame({ ...t, command, encryption: HJ1239_ENCRYPTION.none, data });
}

function unitHead(time: number, serial: number): Result<Uint8Array, FrameError> {
  if (!Number.isInteger(serial) || serial < 0 || serial > 0xffff) {
    return frameError("bad-number", `流水号${serial}不是0–65535的整数`);
  }
  const t = encodeCollectionTime(time);
  if (!t.ok) return t;
  const out = new Uint8Array(TIME_LENGTH + 2);
  out.set(t.value);
  out[6] = serial >> 8;
  out[7] = serial & 0xff;
  return ok(out);
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** 车辆登入 (0x01): time, login serial, ICCID (20 printable characters). */
export function encodeHj1239Login(
  t: Hj1239Terminal,
  login: { time: number; serial: number; iccid: string },
): Result<Uint8Array, FrameError> {
  if (login.iccid.length !== ICCID_LENGTH || !isPrintableAsciiText(login.iccid)) {
    return frameError("bad-ascii", "ICCID必须为20个ASCII可见字符");
  }
  const h = unitHead(login.time, login.serial);
  return h.ok ? frameOf(t, HJ1239_COMMAND.login, concat(h.value, stringToAscii(login.iccid))) : h;
}

/** 车辆登出 (0x04): time and the login serial it closes. */
export function encodeHj1239Logout(t: Hj1239Terminal, logout: { time: number; serial: number }) {
  const h = unitHead(logout.time, logout.serial);
  return h.ok ? frameOf(t, HJ1239_COMMAND.logout, h.value) : h;
}

/** A measurement to write: its reading, or 异常/无效 as such. */
export type Hj1239Reading = number | "abnormal" | "invalid";

function raw(width: 1 | 2 | 4, reading: Hj1239Reading, divisor = 1, rawOffset = 0): number {
  const max = 2 ** (width * 8) - 1;
  if (reading === "invalid") return max;
  if (reading === "abnormal") return max - 1;
  const v = Math.round(reading * divisor + rawOffset);
  // A reading beyond the field is clamped to its largest valid value (a terminal cannot send more).
  return Math.min(Math.max(v, 0), max - 2);
}

function put(out: number[], width: 1 | 2 | 4, value: number) {
  for (let i = width - 1; i >= 0; i--) out.push(Math.floor(value / 2 ** (8 * i)) & 0xff);
}

/** The readings of a diesel stream (0x02) in the standard's units; position in signed degrees. */
export interface DieselReadings {
  readonly speedKmh: Hj1239Reading;
  readonly barometricKpa: Hj1239Reading;
  readonly netTorquePercent: Hj1239Reading;
  readonly frictionTorquePercent: Hj1239Reading;
  readonly engineRpm: Hj1239Reading;
  readonly fuelFlowLph: Hj1239Reading;
  readonly scrUpstreamNoxPpm: Hj1239Reading;
  readonly scrDownstreamNoxPpm: Hj1239Reading;
  readonly reagentPercent: Hj1239Reading;
  readonly airIntakeKgph: Hj1239Reading;
  readonly scrInletC: Hj1239Reading;
  readonly scrOutletC: Hj1239Reading;
  readonly dpfDropKpa: Hj1239Reading;
  readonly coolantC: Hj1239Reading;
  readonly fuelPercent: Hj1239Reading;
  /** null: no fix (the position fields then say 无效). */
  readonly position: { readonly lng: number; readonly lat: number } | null;
  readonly odometerKm: Hj1239Reading;
}

function positionBytes(out: number[], p: { lng: number; lat: number } | null) {
  if (p === null) {
    out.push(0x01);
    put(out, 4, 0xffffffff);
    put(out, 4, 0xffffffff);
    return;
  }
  out.push((p.lat < 0 ? 0x02 : 0) | (p.lng < 0 ? 0x04 : 0));
  put(out, 4, raw(4, Math.abs(p.lng), 1_000_000));
  put(out, 4, raw(4, Math.abs(p.lat), 1_000_000));
}

export function dieselStreamBytes(d: DieselReadings): Uint8Array {
  const out: number[] = [];
  put(out, 2, raw(2, d.speedKmh, 256));
  put(out, 1, raw(1, d.barometricKpa, 2));
  put(out, 1, raw(1, d.netTorquePercent, 1, 125));
  put(out, 1, raw(1, d.frictionTorquePercent, 1, 125));
  put(out, 2, raw(2, d.engineRpm, 8));
  put(out, 2, raw(2, d.fuelFlowLph, 20));
  put(out, 2, raw(2, d.scrUpstreamNoxPpm, 20, 4000));
  put(out, 2, raw(2, d.scrDownstreamNoxPpm, 20, 4000));
  put(out, 1, raw(1, d.reagentPercent, 2.5));
  put(out, 2, raw(2, d.airIntakeKgph, 20));
  put(out, 2, raw(2, d.scrInletC, 32, 273 * 32));
  put(out, 2, raw(2, d.scrOutletC, 32, 273 * 32));
  put(out, 2, raw(2, d.dpfDropKpa, 10));
  put(out, 1, raw(1, d.coolantC, 1, 40));
  put(out, 1, raw(1, d.fuelPercent, 2.5));
  positionBytes(out, d.position);
  put(out, 4, raw(4, d.odometerKm, 10));
  return Uint8Array.from(out);
}

/** What an OBD item says (0x01), as a terminal reads it from the engine ECU. */
export interface ObdReadings {
  readonly protocol: number;
  readonly milOn: boolean;
  readonly diagnosisSupport: number;
  readonly diagnosisReadiness: number;
  readonly vin: string;
  readonly calibrationId: string;
  readonly calibrationVerification: string;
  readonly iupr: readonly number[];
  /** 4-byte codes as 8 hex digits. */
  readonly faultCodes: readonly string[];
}

function padded(text: string, length: number): number[] {
  const bytes = Array.from(stringToAscii(text.slice(0, length)));
  return [...bytes, ...Array<number>(length - bytes.length).fill(0)];
}

export function obdBytes(o: ObdReadings): Uint8Array {
  const out: number[] = [o.protocol & 0xff, o.milOn ? 1 : 0];
  put(out, 2, o.diagnosisSupport & 0xffff);
  put(out, 2, o.diagnosisReadiness & 0xffff);
  out.push(...padded(o.vin, 17), ...padded(o.calibrationId, 18), ...padded(o.calibrationVerification, 18));
  for (let i = 0; i < 18; i++) put(out, 2, (o.iupr[i] ?? 0) & 0xffff);
  const codes = o.faultCodes.slice(0, 253);
  out.push(codes.length);
  for (const c of codes) put(out, 4, Number.parseInt(c.padStart(8, "0").slice(-8), 16) >>> 0);
  return Uint8Array.from(out);
}

/** An item to write: the OBD item or a diesel stream, each with its own collection time. */
export type Hj1239ItemToWrite =
  | { readonly kind: "obd"; readonly time: number; readonly obd: ObdReadings }
  | { readonly kind: "diesel"; readonly time: number; readonly stream: DieselReadings };

/**
 * 实时信息上报 (0x02) or 补发信息上报 (0x03, `resent`): the unit's time and serial, then the
 * items (a terminal sends ten one-second diesel samples a frame, ✔BT, and the OBD item now and
 * then). Unsigned (the gateway checks the SM2 signature of an activated terminal's signed units).
 */
export function encodeHj1239Realtime(
  t: Hj1239Terminal,
  unit: { time: number; serial: number; resent?: boolean; items: readonly Hj1239ItemToWrite[] },
): Result<Uint8Array, FrameError> {
  const h = unitHead(unit.time, unit.serial);
  if (!h.ok) return h;
  const parts: Uint8Array[] = [h.value];
  for (const item of unit.items) {
    const time = encodeCollectionTime(item.time);
    if (!time.ok) return time;
    const type = item.kind === "obd" ? HJ1239_INFO_TYPE.obd : HJ1239_INFO_TYPE.diesel;
    parts.push(
      Uint8Array.of(type),
      time.value,
      item.kind === "obd" ? obdBytes(item.obd) : dieselStreamBytes(item.stream),
    );
  }
  return frameOf(t, unit.resent ? HJ1239_COMMAND.resend : HJ1239_COMMAND.realtime, concat(...parts));
}

/** 防拆报警 (0x06): time, serial, the position where the terminal was removed. */
export function encodeHj1239AntiTamper(
  t: Hj1239Terminal,
  alarm: { time: number; serial: number; position: { lng: number; lat: number } | null },
): Result<Uint8Array, FrameError> {
  const h = unitHead(alarm.time, alarm.serial);
  if (!h.ok) return h;
  const out: number[] = [];
  positionBytes(out, alarm.position);
  return frameOf(t, HJ1239_COMMAND.antiTamper, concat(h.value, Uint8Array.from(out)));
}

/**
 * The platform's answer to a terminal frame (①BT `unpack`: a frame with the same command and
 * VIN acknowledges it; 终端校时 carries the platform's time, 6 bytes). Written with the
 * terminal's software version echoed and no encryption.
 */
export function encodeHj1239Answer(request: Hj1239Frame, now: number): Result<Uint8Array, FrameError> {
  let data: Uint8Array = new Uint8Array(0);
  if (request.command === HJ1239_COMMAND.timeSync) {
    const t = encodeCollectionTime(now);
    if (!t.ok) return t;
    data = t.value;
  }
  return frameOf(request, request.command, data);
}
