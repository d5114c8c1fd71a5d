import { ok, type Result } from "../shared/result";
import { asciiToString, isPrintableAscii, isPrintableAsciiText, stringToAscii } from "./ascii";
import { bcc } from "./bcc";
import { encryptionName, type Gbt32960Edition, responseFlagName, START_BYTE } from "./codes";
import { type FrameError, frameError } from "./errors";
import { byteHex, hexToBytes } from "./hex";

/** Bytes before the data unit: start (2) · command (1) · response (1) · VIN (17) · encryption (1) · length (2). */
export const HEADER_LENGTH = 24;
/** Largest data unit the two-byte length field can announce. */
export const MAX_DATA_LENGTH = 0xffff;
const VIN_OFFSET = 4;
const VIN_BYTES = 17;

/**
 * One GB/T 32960.3 frame (domain-notes.md "Frame"): everything but the start marker and the
 * check code, which follow from `edition` and the other fields.
 */
export interface Gbt32960Frame {
  readonly edition: Gbt32960Edition;
  readonly command: number;
  readonly responseFlag: number;
  /**
   * The VIN field's text (a platform's unique code on platform frames): 17 printable ASCII
   * characters when written; when read, trailing NUL padding is dropped.
   */
  readonly vin: string;
  readonly encryption: number;
  readonly data: Uint8Array;
}

function editionOf(bytes: Uint8Array): Gbt32960Edition | undefined {
  for (const edition of [2016, 2025] as const) {
    if (bytes[0] === START_BYTE[edition] && bytes[1] === START_BYTE[edition]) return edition;
  }
  return undefined;
}

/**
 * Reads one frame from hex text or bytes (domain-notes.md "Frame"): start `##` (2016) or `$$`
 * (2025), response flag and encryption known to that edition, a printable 17-character VIN
 * (trailing NUL padding is dropped, so a padded test VIN reads as its text),
 * a length field equal to the data present, and a check code equal to the XOR of command
 * through data. Commands are not restricted: 0xC0–0xFE are platform-defined.
 */
export function decodeFrame(input: string | Uint8Array): Result<Gbt32960Frame, FrameError> {
  let bytes: Uint8Array;
  if (typeof input === "string") {
    const parsed = hexToBytes(input);
    if (!parsed.ok) return parsed;
    bytes = parsed.value;
  } else {
    bytes = input;
  }
  if (bytes.length < HEADER_LENGTH + 1) {
    return frameError("frame-too-short", `报文长度${bytes.length}字节，不足最短的${HEADER_LENGTH + 1}字节`);
  }
  const edition = editionOf(bytes);
  if (edition === undefined) {
    return frameError(
      "bad-start",
      `起始符应为“##”（2016版）或“$$”（2025版），实际为${byteHex(bytes[0] as number)} ${byteHex(bytes[1] as number)}`,
      0,
    );
  }
  const command = bytes[2] as number;
  const responseFlag = bytes[3] as number;
  if (responseFlagName(responseFlag, edition) === undefined) {
    return frameError("bad-response-flag", `应答标志${byteHex(responseFlag)}不是${edition}版定义的值`, 3);
  }
  // Test terminals and libraries pad short identifiers with NUL; the padding is not part of it.
  let vinEnd = VIN_OFFSET + VIN_BYTES;
  while (vinEnd > VIN_OFFSET && bytes[vinEnd - 1] === 0) vinEnd--;
  const vinBytes = bytes.subarray(VIN_OFFSET, vinEnd);
  if (!isPrintableAscii(vinBytes)) return frameError("bad-vin", "VIN字段含非ASCII可见字符", VIN_OFFSET);
  const encryption = bytes[21] as number;
  if (encryptionName(encryption, edition) === undefined) {
    return frameError("bad-encryption", `加密方式${byteHex(encryption)}不是${edition}版定义的值`, 21);
  }
  const length = ((bytes[22] as number) << 8) | (bytes[23] as number);
  const expected = HEADER_LENGTH + length + 1;
  if (bytes.length !== expected) {
    return frameError(
      "length-mismatch",
      `数据单元长度字段为${length}，报文应为${expected}字节，实际为${bytes.length}字节`,
      22,
    );
  }
  const check = bcc(bytes, 2, expected - 1);
  const stated = bytes[expected - 1] as number;
  if (check !== stated) {
    return frameError("bcc-mismatch", `校验码错误：报文为${byteHex(stated)}，计算值为${byteHex(check)}`, expected - 1);
  }
  return ok({
    edition,
    command,
    responseFlag,
    vin: asciiToString(vinBytes),
    encryption,
    data: bytes.slice(HEADER_LENGTH, HEADER_LENGTH + length),
  });
}

function isByte(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 0xff;
}

/**
 * Writes one frame (domain-notes.md "Frame"), computing length and check code. Rejects what no
 * reader could read back: a VIN that is not 17 printable ASCII characters, values outside a
 * byte or undefined for the edition, a data unit longer than 65535 bytes.
 */
export function encodeFrame(frame: Gbt32960Frame): Result<Uint8Array, FrameError> {
  const { edition, command, responseFlag, vin, encryption, data } = frame;
  if (vin.length !== VIN_BYTES || !isPrintableAsciiText(vin)) {
    return frameError("bad-vin", "VIN字段必须为17个ASCII可见字符");
  }
  if (!isByte(command)) return frameError("bad-number", `命令标识${command}不是0–255的整数`);
  if (!isByte(responseFlag) || responseFlagName(responseFlag, edition) === undefined) {
    return frameError("bad-response-flag", `应答标志${responseFlag}不是${edition}版定义的值`);
  }
  if (!isByte(encryption) || encryptionName(encryption, edition) === undefined) {
    return frameError("bad-encryption", `加密方式${encryption}不是${edition}版定义的值`);
  }
  if (data.length > MAX_DATA_LENGTH) {
    return frameError("bad-length", `数据单元${data.length}字节，超过上限${MAX_DATA_LENGTH}字节`);
  }
  const out = new Uint8Array(HEADER_LENGTH + data.length + 1);
  out[0] = START_BYTE[edition];
  out[1] = START_BYTE[edition];
  out[2] = command;
  out[3] = responseFlag;
  out.set(stringToAscii(vin), VIN_OFFSET);
  out[21] = encryption;
  out[22] = data.length >> 8;
  out[23] = data.length & 0xff;
  out.set(data, HEADER_LENGTH);
  out[out.length - 1] = bcc(out, 2, out.length - 1);
  return ok(out);
}
