import { asciiToString, isPrintableAscii, isPrintableAsciiText, stringToAscii } from "../gbt32960/ascii";
import { bcc } from "../gbt32960/bcc";
import { type FrameError, frameError } from "../gbt32960/errors";
import { byteHex, hexToBytes } from "../gbt32960/hex";
import { ok, type Result } from "../shared/result";
import { HJ1239_START, isHj1239Encryption } from "./codes";

/** Bytes before the data unit: start (2) · command (1) · VIN (17) · software version (1) · encryption (1) · length (2). */
export const HJ1239_HEADER_LENGTH = 24;
const VIN_OFFSET = 3;
const VIN_BYTES = 17;

/** One HJ 1239.3 frame: everything but the start marker and the check code. */
export interface Hj1239Frame {
  readonly command: number;
  /** 17 printable ASCII characters (trailing NUL padding dropped when read). */
  readonly vin: string;
  /** 终端软件版本号, one byte. */
  readonly softwareVersion: number;
  readonly encryption: number;
  readonly data: Uint8Array;
}

/**
 * Reads one frame from hex text or bytes: start `##`, a printable VIN, an encryption byte the
 * standard defines, a length field equal to the data present, and a check code equal to the XOR
 * of command through data (the BCC of GB/T 32960, over a header one byte shorter). Errors are
 * results with a Chinese message and the offset, never throws.
 */
export function decodeHj1239Frame(input: string | Uint8Array): Result<Hj1239Frame, FrameError> {
  let bytes: Uint8Array;
  if (typeof input === "string") {
    const parsed = hexToBytes(input);
    if (!parsed.ok) return parsed;
    bytes = parsed.value;
  } else {
    bytes = input;
  }
  if (bytes.length < HJ1239_HEADER_LENGTH + 1) {
    return frameError("frame-too-short", `报文长度${bytes.length}字节，不足最短的${HJ1239_HEADER_LENGTH + 1}字节`);
  }
  if (bytes[0] !== HJ1239_START || bytes[1] !== HJ1239_START) {
    return frameError(
      "bad-start",
      `起始符应为“##”，实际为${byteHex(bytes[0] as number)} ${byteHex(bytes[1] as number)}`,
      0,
    );
  }
  let vinEnd = VIN_OFFSET + VIN_BYTES;
  while (vinEnd > VIN_OFFSET && bytes[vinEnd - 1] === 0) vinEnd--;
  const vinBytes = bytes.subarray(VIN_OFFSET, vinEnd);
  if (!isPrintableAscii(vinBytes)) return frameError("bad-vin", "VIN字段含非ASCII可见字符", VIN_OFFSET);
  const encryption = bytes[21] as number;
  if (!isHj1239Encryption(encryption)) {
    return frameError(
      "bad-encryption",
      `加密方式${byteHex(encryption)}不是HJ 1239定义的值（0x01不加密、0x03 SM2）`,
      21,
    );
  }
  const length = ((bytes[22] as number) << 8) | (bytes[23] as number);
  const expected = HJ1239_HEADER_LENGTH + length + 1;
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
    command: bytes[2] as number,
    vin: asciiToString(vinBytes),
    softwareVersion: bytes[20] as number,
    encryption,
    data: bytes.slice(HJ1239_HEADER_LENGTH, expected - 1),
  });
}

const isByte = (v: number) => Number.isInteger(v) && v >= 0 && v <= 0xff;

/** Writes one frame, computing length and check code; refuses what no reader could read back. */
export function encodeHj1239Frame(frame: Hj1239Frame): Result<Uint8Array, FrameError> {
  const { command, vin, softwareVersion, encryption, data } = frame;
  if (vin.length !== VIN_BYTES || !isPrintableAsciiText(vin))
    return frameError("bad-vin", "VIN字段必须为17个ASCII可见字符");
  if (!isByte(command)) return frameError("bad-number", `命令单元${command}不是0–255的整数`);
  if (!isByte(softwareVersion)) return frameError("bad-number", `终端软件版本号${softwareVersion}不是0–255的整数`);
  if (!isHj1239Encryption(encryption)) return frameError("bad-encryption", `加密方式${encryption}不是HJ 1239定义的值`);
  if (data.length > 0xffff) return frameError("bad-length", `数据单元${data.length}字节，超过上限65535字节`);
  const out = new Uint8Array(HJ1239_HEADER_LENGTH + data.length + 1);
  out[0] = HJ1239_START;
  out[1] = HJ1239_START;
  out[2] = command;
  out.set(stringToAscii(vin), VIN_OFFSET);
  out[20] = softwareVersion;
  out[21] = encryption;
  out[22] = data.length >> 8;
  out[23] = data.length & 0xff;
  out.set(data, HJ1239_HEADER_LENGTH);
  out[out.length - 1] = bcc(out, 2, out.length - 1);
  return ok(out);
}
