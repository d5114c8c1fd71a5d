import { ok, type Result } from "../shared/result";
import { bcdToDigits, concat, digitsToBcd, isUint, jt808CheckCode, Reader, uintBytes } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";
import { JT808_FLAG, jt808Escape, jt808Unescape } from "./escape";

/** Largest body the 10-bit length of the body attributes can announce. */
export const JT808_MAX_BODY_LENGTH = 0x3ff;

const VERSION_FLAG = 0x4000;
const PACKAGE_FLAG = 0x2000;

/** Sub-package fields of the header: how many packages the message has and which one this is (1-based). */
export interface Jt808Package {
  readonly total: number;
  readonly index: number;
}

/**
 * The message header (domain-notes.md "JT/T 808"). 2013: id, body attributes, BCD[6] phone,
 * serial. 2019 (version flag, bit 14 of the attributes): a protocol version byte follows the
 * attributes and the phone is BCD[10]. `phone` keeps every digit of the field, leading zeros
 * included (12 or 20), so a header re-encodes byte for byte; `encryption` is bits 10–12
 * (0 none, 1 RSA); `package` is present when bit 13 (sub-package) is set. Bit 15 (reserved)
 * is ignored when read and written as 0. The phone keeps its leading zero where SmallChi/JT808
 * trims it ("012345678900", not "12345678900").
 */
export interface Jt808Header {
  readonly messageId: number;
  readonly edition: 2013 | 2019;
  /** 2019 only: the protocol version byte (1 for the first 2019 edition). */
  readonly protocolVersion?: number;
  readonly encryption: number;
  readonly phone: string;
  readonly serial: number;
  readonly package?: Jt808Package;
}

/** One frame: the header and the body bytes (unescaped, as written in the standard). */
export interface Jt808Frame {
  readonly header: Jt808Header;
  readonly body: Uint8Array;
}

function readHeader(r: Reader): Result<{ header: Jt808Header; bodyLength: number }, Jt808Error> {
  // The caller has checked the frame is at least as long as a 2013 header, so these four are there.
  const [id1, id2, attr1, attr2] = r.bytes as unknown as [number, number, number, number];
  r.offset = 4;
  const messageId = id1 * 256 + id2;
  const attr = attr1 * 256 + attr2;
  const edition = attr & VERSION_FLAG ? 2019 : 2013;
  let protocolVersion: number | undefined;
  if (edition === 2019) {
    // Byte 4 is there too (13 bytes at least); the 2019 phone after it may not be.
    protocolVersion = r.bytes[4] as number;
    r.offset = 5;
  }
  const phoneBytes = r.take(edition === 2019 ? 10 : 6, "终端手机号");
  if (!phoneBytes.ok) return phoneBytes;
  const phone = bcdToDigits(phoneBytes.value, "终端手机号");
  if (!phone.ok) return phone;
  const serial = r.uint(2, "消息流水号");
  if (!serial.ok) return serial;
  let pkg: Jt808Package | undefined;
  if (attr & PACKAGE_FLAG) {
    const total = r.uint(2, "消息总包数");
    if (!total.ok) return total;
    const index = r.uint(2, "包序号");
    if (!index.ok) return index;
    if (index.value < 1 || index.value > total.value) {
      return jt808Error("bad-package", `包序号${index.value}不在1至总包数${total.value}之间`, r.offset - 2);
    }
    pkg = { total: total.value, index: index.value };
  }
  const header: Jt808Header = {
    messageId,
    edition,
    ...(protocolVersion === undefined ? {} : { protocolVersion }),
    encryption: (attr >> 10) & 0x07,
    phone: phone.value,
    serial: serial.value,
    ...(pkg === undefined ? {} : { package: pkg }),
  };
  return ok({ header, bodyLength: attr & JT808_MAX_BODY_LENGTH });
}

/**
 * Reads one frame, flags included (domain-notes.md "JT/T 808"): 0x7E at both ends, escaping
 * undone, the check code (XOR of header and body) equal to the last byte, a header of the
 * edition its version flag names, and a body as long as the attributes say. Every failure is
 * an error value; nothing is read past the end.
 */
export function decodeJt808Frame(bytes: Uint8Array): Result<Jt808Frame, Jt808Error> {
  if (bytes.length < 2 || bytes[0] !== JT808_FLAG || bytes[bytes.length - 1] !== JT808_FLAG) {
    return jt808Error("bad-delimiter", "报文应以标识位0x7E开始和结束");
  }
  const inner = jt808Unescape(bytes.subarray(1, bytes.length - 1));
  if (!inner.ok) return jt808Error(inner.error.code, inner.error.message, (inner.error.offset as number) + 1);
  const raw = inner.value;
  if (raw.length < 13) return jt808Error("frame-too-short", `报文去除标识位后${raw.length}字节，不足最短的13字节`);
  const stated = raw[raw.length - 1] as number;
  const computed = jt808CheckCode(raw.subarray(0, raw.length - 1));
  if (stated !== computed) {
    return jt808Error(
      "check-code-mismatch",
      `校验码错误：报文为0x${hex2(stated)}，计算值为0x${hex2(computed)}`,
      raw.length - 1,
    );
  }
  const r = new Reader(raw.subarray(0, raw.length - 1));
  const read = readHeader(r);
  if (!read.ok) return read;
  const { header, bodyLength } = read.value;
  if (r.remaining !== bodyLength) {
    return jt808Error("length-mismatch", `消息体属性中的长度为${bodyLength}字节，实际消息体为${r.remaining}字节`, 2);
  }
  return ok({ header, body: raw.slice(r.offset, r.offset + bodyLength) });
}

function hex2(n: number): string {
  return n.toString(16).toUpperCase().padStart(2, "0");
}

/**
 * Writes one frame: header (edition from `header.edition`), body, check code, escaping and the
 * two flags. Rejects what the header cannot carry: a body over 1023 bytes, ids, serials and
 * package numbers outside a WORD, encryption outside 0–7, a phone of more digits than the
 * edition's field (shorter ones are left-padded with zeros).
 */
export function encodeJt808Frame(frame: Jt808Frame): Result<Uint8Array, Jt808Error> {
  const { header, body } = frame;
  if (body.length > JT808_MAX_BODY_LENGTH) {
    return jt808Error("length-mismatch", `消息体${body.length}字节，超过上限${JT808_MAX_BODY_LENGTH}字节（请分包）`);
  }
  const { messageId, edition, encryption, serial } = header;
  const version = header.protocolVersion ?? 1;
  const pkg = header.package;
  if (
    !isUint(messageId, 0xffff) ||
    !isUint(serial, 0xffff) ||
    !isUint(encryption, 7) ||
    !isUint(version, 0xff) ||
    (pkg !== undefined && (!isUint(pkg.total, 0xffff) || pkg.index < 1 || !isUint(pkg.index, pkg.total)))
  ) {
    return jt808Error("bad-number", "消息头字段超出范围（消息ID、流水号、分包项为0–65535，加密方式0–7，版本号0–255）");
  }
  const phone = digitsToBcd(header.phone, edition === 2019 ? 10 : 6, "终端手机号");
  if (!phone.ok) return phone;
  const attr =
    body.length | (encryption << 10) | (pkg === undefined ? 0 : PACKAGE_FLAG) | (edition === 2019 ? VERSION_FLAG : 0);
  const plain = concat([
    uintBytes(messageId, 2),
    uintBytes(attr, 2),
    edition === 2019 ? Uint8Array.of(version) : new Uint8Array(0),
    phone.value,
    uintBytes(serial, 2),
    pkg === undefined ? new Uint8Array(0) : concat([uintBytes(pkg.total, 2), uintBytes(pkg.index, 2)]),
    body,
  ]);
  return ok(
    concat([
      Uint8Array.of(JT808_FLAG),
      jt808Escape(concat([plain, Uint8Array.of(jt808CheckCode(plain))])),
      Uint8Array.of(JT808_FLAG),
    ]),
  );
}
