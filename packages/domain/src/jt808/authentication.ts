import { ok, type Result } from "../shared/result";
import { concat, Reader } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";
import { readAscii, writeAscii } from "./text";

/**
 * The 0x0102 authentication body. 2013: the authentication code is the whole body. 2019: code
 * length (BYTE), code, IMEI (BYTE[15]) and software version (BYTE[20], padded with 0x00) —
 * JT/T 808-2019 §8.5; layout as yezhihao/jt808-server's T0102 (telematics-facts.md "YZ").
 */
export interface Jt808Authentication {
  readonly authCode: string;
  /** 2019 only. */
  readonly imei?: string;
  /** 2019 only. */
  readonly softwareVersion?: string;
}

/** Reads a 0x0102 body of the given edition. */
export function decodeJt808Authentication(
  body: Uint8Array,
  edition: 2013 | 2019,
): Result<Jt808Authentication, Jt808Error> {
  if (edition === 2013) {
    const code = readAscii(body, "鉴权码");
    return code.ok ? ok({ authCode: code.value }) : code;
  }
  const r = new Reader(body);
  const length = r.uint(1, "鉴权码长度");
  if (!length.ok) return length;
  const fields: string[] = [];
  for (const [name, size] of [
    ["鉴权码", length.value],
    ["终端IMEI", 15],
    ["软件版本号", 20],
  ] as const) {
    const bytes = r.take(size, name);
    if (!bytes.ok) return bytes;
    const text = readAscii(bytes.value, name);
    if (!text.ok) return jt808Error(text.error.code, text.error.message, r.offset - size);
    fields.push(text.value);
  }
  if (r.remaining > 0) return jt808Error("length-mismatch", `鉴权消息末尾多出${r.remaining}字节`, r.offset);
  const [authCode, imei, softwareVersion] = fields as [string, string, string];
  return ok({ authCode, imei, softwareVersion });
}

/** Writes a 0x0102 body of the given edition (2019: a missing IMEI or version is written as zeros). */
export function encodeJt808Authentication(
  auth: Jt808Authentication,
  edition: 2013 | 2019,
): Result<Uint8Array, Jt808Error> {
  const code = writeAscii(auth.authCode, "鉴权码");
  if (!code.ok) return code;
  if (edition === 2013) return code;
  if (code.value.length > 0xff) return jt808Error("bad-text", "鉴权码不超过255字节");
  const imei = writeAscii(auth.imei ?? "", "终端IMEI", 15);
  if (!imei.ok) return imei;
  const version = writeAscii(auth.softwareVersion ?? "", "软件版本号", 20);
  if (!version.ok) return version;
  return ok(concat([Uint8Array.of(code.value.length), code.value, imei.value, version.value]));
}
