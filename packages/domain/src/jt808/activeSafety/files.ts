import { JT808_SAFETY_SOURCES, type Jt808SafetySource } from "./alarms";

/** What an attachment's file name says (T/JSATL 12-2017 §4.5.3: 文件类型_通道号_报警类型_序号_报警编号.后缀名). */
export interface Jt808AttachmentName {
  /** 00 图片, 01 音频, 02 视频, 03 文本, 04 其它. */
  readonly fileType: number;
  readonly channel: number;
  /** The peripheral's id and the alarm type as hex digits, e.g. "6401" (ADAS 前向碰撞). */
  readonly alarmCode: string;
  readonly serial: number;
  readonly alarmNumber: string;
  readonly ext: string;
}

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, "0");

/** The alarm-type part of a file name: the peripheral's id and the type, two hex digits each. */
export function jt808AttachmentAlarmCode(source: Jt808SafetySource, type: number | null): string {
  return `${hex2(JT808_SAFETY_SOURCES[source])}${hex2(type ?? 0)}`;
}

/** Builds a file name per the standard. */
export function jt808AttachmentFileName(n: Jt808AttachmentName): string {
  return `${hex2(n.fileType)}_${n.channel}_${n.alarmCode}_${n.serial}_${n.alarmNumber}.${n.ext}`;
}

const NAME = /^([0-9A-Fa-f]{2})_(\d{1,3})_([0-9A-Fa-f]{4})_(\d{1,3})_([0-9A-Za-z]{1,32})\.([0-9A-Za-z]{1,8})$/;

/** Reads a file name; undefined when it does not follow the standard's pattern. */
export function parseJt808AttachmentFileName(name: string): Jt808AttachmentName | undefined {
  const m = NAME.exec(name);
  if (m === null) return undefined;
  const [, type = "", channel = "", alarmCode = "", serial = "", alarmNumber = "", ext = ""] = m;
  return {
    fileType: Number.parseInt(type, 16),
    channel: Number(channel),
    alarmCode: alarmCode.toUpperCase(),
    serial: Number(serial),
    alarmNumber,
    ext: ext.toLowerCase(),
  };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  mp4: "video/mp4",
  h264: "video/h264",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  txt: "text/plain",
  bin: "application/octet-stream",
};

/** The content type a stored attachment is served with (by its extension). */
export function jt808AttachmentContentType(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/** Byte ranges of one file received so far: sorted, disjoint, not touching ([start, end) each). */
export type Jt808ReceivedRanges = readonly (readonly [number, number])[];

/** The ranges with [offset, offset + length) added (merged with those it overlaps or touches). */
export function addJt808Range(ranges: Jt808ReceivedRanges, offset: number, length: number): Jt808ReceivedRanges {
  if (length <= 0) return ranges;
  let start = offset;
  let end = offset + length;
  const out: (readonly [number, number])[] = [];
  for (const [s, e] of ranges) {
    if (e < start || s > end) out.push([s, e]);
    else {
      start = Math.min(start, s);
      end = Math.max(end, e);
    }
  }
  out.push([start, end]);
  return out.toSorted((a, b) => a[0] - b[0]);
}

/** The most ranges one 0x9212 can ask for (its count is one byte). */
export const JT808_MAX_RESEND_RANGES = 255;

/**
 * What a file of `size` bytes still lacks, as 0x9212's {offset, length} list (the first 255 when
 * more are missing: the terminal sends those, says 0x1212 again and gets the rest).
 */
export function jt808MissingRanges(
  ranges: Jt808ReceivedRanges,
  size: number,
): readonly { readonly offset: number; readonly length: number }[] {
  const missing: { offset: number; length: number }[] = [];
  let at = 0;
  for (const [s, e] of ranges) {
    if (s >= size) break;
    if (s > at) missing.push({ offset: at, length: s - at });
    at = Math.max(at, e);
  }
  if (at < size) missing.push({ offset: at, length: size - at });
  return missing.slice(0, JT808_MAX_RESEND_RANGES);
}
