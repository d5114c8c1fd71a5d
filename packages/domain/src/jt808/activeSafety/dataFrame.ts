import { ok, type Result } from "../../shared/result";
import { concat, isUint, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";
import { JT808_FLAG } from "../escape";
import { JT808_MAX_FRAME_LENGTH } from "../stream";
import { readAscii, writeAscii } from "../text";

/** The magic a file-data frame starts with: 0x30 0x31 0x63 0x64 ("01cd", T/JSATL 12-2017 表4-22). */
export const JT808_DATA_FRAME_MAGIC = Uint8Array.of(0x30, 0x31, 0x63, 0x64);
/** Magic, 50-byte name, offset and length: the bytes before a data frame's data. */
export const JT808_DATA_FRAME_HEADER_LENGTH = 4 + 50 + 4 + 4;
/**
 * The most data one frame may carry here. The standard sets no limit; terminals send 1–64 KiB
 * pieces. A header announcing more is taken for garbage, so a wrong length cannot make the
 * server wait for (and buffer) gigabytes.
 */
export const JT808_DATA_FRAME_MAX_DATA = 64 * 1024;

/** 文件数据上传 (the attachment server's raw frame, not a JT/T 808 message): one piece of one file. */
export interface Jt808DataFrame {
  readonly name: string;
  readonly offset: number;
  readonly data: Uint8Array;
}

/** Writes a data frame (the name padded with 0x00 to 50 bytes). */
export function encodeJt808DataFrame(f: Jt808DataFrame): Result<Uint8Array, Jt808Error> {
  const name = writeAscii(f.name, "文件名称", 50);
  if (!name.ok) return name;
  if (!isUint(f.offset, 0xffffffff)) return jt808Error("bad-number", "“数据偏移量”超出范围");
  if (f.data.length > JT808_DATA_FRAME_MAX_DATA) {
    return jt808Error("bad-number", `数据长度不能超过${JT808_DATA_FRAME_MAX_DATA}字节`);
  }
  return ok(concat([JT808_DATA_FRAME_MAGIC, name.value, uintBytes(f.offset, 4), uintBytes(f.data.length, 4), f.data]));
}

/** Reads one whole data frame (as {@link takeJt808AttachmentStream} cut it). */
export function decodeJt808DataFrame(bytes: Uint8Array): Result<Jt808DataFrame, Jt808Error> {
  if (!startsWithMagic(bytes, 0) || bytes.length < JT808_DATA_FRAME_HEADER_LENGTH) {
    return jt808Error("bad-delimiter", "不是文件数据帧（帧头应为0x30316364）");
  }
  const name = readAscii(bytes.subarray(4, 54), "文件名称");
  if (!name.ok) return name;
  const offset = uint32(bytes, 54);
  const length = uint32(bytes, 58);
  if (bytes.length - JT808_DATA_FRAME_HEADER_LENGTH !== length) {
    return jt808Error("length-mismatch", "文件数据帧的数据长度与帧长度不符");
  }
  return ok({ name: name.value, offset, data: bytes.slice(JT808_DATA_FRAME_HEADER_LENGTH) });
}

const uint32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0);

function startsWithMagic(bytes: Uint8Array, at: number): boolean {
  return JT808_DATA_FRAME_MAGIC.every((b, i) => bytes[at + i] === b);
}

/** One unit of the attachment server's stream. */
export type Jt808AttachmentUnit =
  | { readonly kind: "message"; readonly bytes: Uint8Array }
  | { readonly kind: "data"; readonly bytes: Uint8Array };

/** What {@link takeJt808AttachmentStream} found in the bytes received so far. */
export interface Jt808AttachmentChunk {
  readonly units: readonly Jt808AttachmentUnit[];
  /** An unfinished unit, to be put in front of the next bytes received. */
  readonly rest: Uint8Array;
  /** Bytes thrown away: anything that starts neither a JT/T 808 frame nor a data frame. */
  readonly dropped: number;
}

/**
 * Cuts an attachment connection's TCP stream into JT/T 808 frames (0x7E … 0x7E: 0x1210, 0x1211,
 * 0x1212) and raw data frames (magic, header, `length` bytes of data), in arrival order. Pure: the
 * caller keeps `rest`. Anything else is skipped byte by byte up to the next 0x7E or magic; a data
 * header announcing more than {@link JT808_DATA_FRAME_MAX_DATA} and a JT/T 808 frame longer than
 * any terminal sends are dropped, so garbage cannot make `rest` grow without bound.
 */
export function takeJt808AttachmentStream(bytes: Uint8Array): Jt808AttachmentChunk {
  const units: Jt808AttachmentUnit[] = [];
  let at = 0;
  let dropped = 0;
  const skip = () => {
    at++;
    dropped++;
  };
  while (at < bytes.length) {
    const left = bytes.length - at;
    if (bytes[at] === JT808_FLAG) {
      const end = bytes.indexOf(JT808_FLAG, at + 1);
      if (end === at + 1) {
        // "7E 7E": the second flag opens the frame.
        skip();
        continue;
      }
      if (end === -1) {
        if (left > JT808_MAX_FRAME_LENGTH) {
          dropped += left;
          at = bytes.length;
        }
        break;
      }
      units.push({ kind: "message", bytes: bytes.slice(at, end + 1) });
      at = end + 1;
      continue;
    }
    const magicPrefix = JT808_DATA_FRAME_MAGIC.subarray(0, Math.min(4, left));
    if (!magicPrefix.every((b, i) => bytes[at + i] === b)) {
      skip();
      continue;
    }
    if (left < JT808_DATA_FRAME_HEADER_LENGTH) break;
    const length = uint32(bytes, at + JT808_DATA_FRAME_HEADER_LENGTH - 4);
    const size = JT808_DATA_FRAME_HEADER_LENGTH + length;
    if (length > JT808_DATA_FRAME_MAX_DATA) {
      skip();
      continue;
    }
    if (left < size) break;
    units.push({ kind: "data", bytes: bytes.slice(at, at + size) });
    at += size;
  }
  return { units, rest: bytes.slice(at), dropped };
}
