import { ok, type Result } from "../../shared/result";
import { concat, isUint, Reader, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";
import { decodeJt808Location, encodeJt808Location, JT808_LOCATION_BASE_LENGTH, type Jt808Location } from "../location";
import type { Jt808PendingMessage } from "../reassembly";

/**
 * 0x0800 多媒体事件信息上传 (JT/T 808 §8.53): a multimedia item's id, type (0 image, 1 audio,
 * 2 video), format (0 JPEG, 1 TIF, 2 MP3, 3 WAV, 4 WMV), the event that made it and the channel.
 * 8 bytes; 0x0801 starts with the same fields.
 */
export interface Jt808MediaEvent {
  readonly mediaId: number;
  readonly type: number;
  readonly format: number;
  readonly event: number;
  readonly channel: number;
}

/** Multimedia types (index = code). */
export const JT808_MEDIA_TYPES = ["图像", "音频", "视频"] as const;
/** Multimedia formats (index = code). */
export const JT808_MEDIA_FORMATS = ["JPEG", "TIF", "MP3", "WAV", "WMV"] as const;
/** Events that make a terminal shoot (index = code; 2019 adds 7 定距拍照). */
export const JT808_MEDIA_EVENTS = [
  "平台下发指令",
  "定时动作",
  "抢劫报警触发",
  "碰撞侧翻报警触发",
  "门开拍照",
  "门关拍照",
  "车门由开变关，车速从小于20km/h到超过20km/h",
  "定距拍照",
] as const;
/** Length of a 0x0800 body. */
export const JT808_MEDIA_EVENT_LENGTH = 8;

/** A body's MIME type by its format code, for the object store (unknown formats as bytes). */
export function jt808MediaContentType(format: number): string {
  return (
    ["image/jpeg", "image/tiff", "audio/mpeg", "audio/wav", "video/x-ms-wmv"][format] ?? "application/octet-stream"
  );
}

/** The event's fields at the start of a body at least 8 bytes long (callers check the length). */
function readEvent(body: Uint8Array): Jt808MediaEvent {
  const [a, b, c, d, type, format, event, channel] = body as unknown as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { mediaId: ((a * 256 + b) * 256 + c) * 256 + d, type, format, event, channel };
}

function writeEvent(e: Jt808MediaEvent): Result<Uint8Array, Jt808Error> {
  if (!isUint(e.mediaId, 0xffffffff) || ![e.type, e.format, e.event, e.channel].every((n) => isUint(n, 0xff))) {
    return jt808Error("bad-number", "多媒体数据ID为DWORD，类型、格式、事件、通道为BYTE");
  }
  return ok(concat([uintBytes(e.mediaId, 4), Uint8Array.of(e.type, e.format, e.event, e.channel)]));
}

/** Reads a 0x0800 body. */
export function decodeJt808MediaEvent(body: Uint8Array): Result<Jt808MediaEvent, Jt808Error> {
  if (body.length !== JT808_MEDIA_EVENT_LENGTH) {
    return jt808Error("length-mismatch", `多媒体事件信息应为${JT808_MEDIA_EVENT_LENGTH}字节，实际为${body.length}字节`);
  }
  return ok(readEvent(body));
}

/** Writes a 0x0800 body. */
export function encodeJt808MediaEvent(e: Jt808MediaEvent): Result<Uint8Array, Jt808Error> {
  return writeEvent(e);
}

/**
 * 0x0801 多媒体数据上传 (§8.54): the event's fields, the 28-byte basic location of 0x0200 when
 * it was shot (no additional items) and the data (a whole JPEG, once the sub-packages are joined).
 */
export interface Jt808MediaUpload extends Jt808MediaEvent {
  readonly location: Jt808Location;
  readonly data: Uint8Array;
}

/** Bytes of a 0x0801 body before the data. */
export const JT808_MEDIA_UPLOAD_HEADER_LENGTH = JT808_MEDIA_EVENT_LENGTH + JT808_LOCATION_BASE_LENGTH;

/** Reads a (reassembled) 0x0801 body. */
export function decodeJt808MediaUpload(body: Uint8Array): Result<Jt808MediaUpload, Jt808Error> {
  if (body.length < JT808_MEDIA_UPLOAD_HEADER_LENGTH) {
    return jt808Error(
      "truncated",
      `多媒体数据上传${body.length}字节，不足数据前的${JT808_MEDIA_UPLOAD_HEADER_LENGTH}字节`,
    );
  }
  const event = readEvent(body);
  const place = decodeJt808Location(body.subarray(JT808_MEDIA_EVENT_LENGTH, JT808_MEDIA_UPLOAD_HEADER_LENGTH));
  if (!place.ok) {
    // 28 bytes are given, so only the time can be wrong, and its error carries its offset.
    const { code, message, offset } = place.error;
    return jt808Error(code, message, JT808_MEDIA_EVENT_LENGTH + Number(offset));
  }
  return ok({ ...event, location: place.value, data: body.slice(JT808_MEDIA_UPLOAD_HEADER_LENGTH) });
}

/** Writes a 0x0801 body (to be cut with `splitJt808Message` when over 1,023 bytes). */
export function encodeJt808MediaUpload(u: Jt808MediaUpload): Result<Uint8Array, Jt808Error> {
  const event = writeEvent(u);
  if (!event.ok) return event;
  if (u.location.items.length > 0) {
    return jt808Error("bad-number", "多媒体数据上传只带位置基本信息（28字节），不带附加信息");
  }
  const place = encodeJt808Location(u.location);
  if (!place.ok) return place;
  return ok(concat([event.value, place.value, u.data]));
}

/**
 * 0x8800 多媒体数据上传应答 (§8.55): the media id and, when packages are missing, their
 * indexes (1-based) for the terminal to send again; no list means everything arrived.
 */
export interface Jt808MediaAnswer {
  readonly mediaId: number;
  readonly resend: readonly number[];
}

/** Writes a 0x8800 body: id, then n (BYTE) and the packages (WORD each) only when some are asked for. */
export function encodeJt808MediaAnswer(a: Jt808MediaAnswer): Result<Uint8Array, Jt808Error> {
  if (!isUint(a.mediaId, 0xffffffff) || a.resend.length > 0xff || !a.resend.every((i) => isUint(i, 0xffff))) {
    return jt808Error("bad-number", "多媒体ID为DWORD，重传包数不超过255，包序号为WORD");
  }
  if (a.resend.length === 0) return ok(uintBytes(a.mediaId, 4));
  return ok(concat([uintBytes(a.mediaId, 4), Uint8Array.of(a.resend.length), ...a.resend.map((i) => uintBytes(i, 2))]));
}

/** Reads a 0x8800 body (the simulated terminal's side). */
export function decodeJt808MediaAnswer(body: Uint8Array): Result<Jt808MediaAnswer, Jt808Error> {
  const r = new Reader(body);
  const mediaId = r.uint(4, "多媒体ID");
  if (!mediaId.ok) return mediaId;
  const resend: number[] = [];
  if (r.remaining > 0) {
    // A byte is there, so the count reads.
    const n = (r.uint(1, "重传包总数") as { value: number }).value;
    for (let i = 0; i < n; i++) {
      const id = r.uint(2, `第${i + 1}个重传包序号`);
      if (!id.ok) return id;
      resend.push(id.value);
    }
  }
  if (r.remaining > 0) return jt808Error("length-mismatch", `多媒体应答末尾多出${r.remaining}字节`, r.offset);
  return ok({ mediaId: mediaId.value, resend });
}

/**
 * The packages (1-based) a pending sub-packaged message still lacks: what a 0x8800 asks again
 * for once the last package came and the message is not whole.
 */
export function jt808MissingPackages(pending: Jt808PendingMessage): number[] {
  return pending.parts.flatMap((p, i) => (p === undefined ? [i + 1] : []));
}

/**
 * The media id of a 0x0801's first package (its first 4 bytes), so a 0x8800 asking for missing
 * packages can name it before the message is whole; undefined when the first package is missing.
 */
export function jt808PendingMediaId(pending: Jt808PendingMessage): number | undefined {
  const first = pending.parts[0];
  if (first === undefined || first.length < 4) return undefined;
  return (
    (first[0] as number) * 0x1000000 +
    (first[1] as number) * 0x10000 +
    (first[2] as number) * 0x100 +
    (first[3] as number)
  );
}
