import { ok, type Result } from "../../shared/result";
import { concat, isUint, Reader, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";

/**
 * JT/T 1078-2016 audio/video parameters, carried in JT/T 808's 0x8103 set / 0x0104 answer as
 * parameter ids 0x0075–0x0079 (telematics-facts.md §4 "8103"; JT/T 1078 表2). 0x0078 is not
 * defined by the standard (the id between 单独视频通道参数 and 特殊报警录像参数 is unused).
 * The codecs here read and write the parameter's value bytes; the ranges are checked apart
 * (`jt1078ParamProblems`), so a terminal's out-of-range value still reads and re-encodes.
 */
export const JT1078_PARAM_ID = {
  avParams: 0x0075,
  channels: 0x0076,
  channelParams: 0x0077,
  alarmRecording: 0x0079,
} as const;

/** One stream's settings (real-time or stored), as 0x0075 and 0x0077 carry them. */
export interface Jt1078Stream {
  /** 0 CBR, 1 VBR, 2 ABR, 100–127 maker-defined. */
  readonly encodeMode: number;
  /** 0 QCIF, 1 CIF, 2 WCIF, 3 D1, 4 WD1, 5 720P, 6 1080P, 100–127 maker-defined. */
  readonly resolution: number;
  /** Key frame interval, frames (1–1000). */
  readonly keyFrameInterval: number;
  /** Target frame rate, fps (1–120). */
  readonly frameRate: number;
  /** Target bit rate, kbps. */
  readonly bitRate: number;
}

/** 0x0075 音视频参数设置 (表3, 21 bytes). */
export interface Jt1078AvParams {
  readonly live: Jt1078Stream;
  readonly stored: Jt1078Stream;
  /** OSD overlay bits: 0 date/time, 1 plate, 2 channel, 3 position, 4 recorder speed, 5 GNSS speed, 6 continuous driving time. */
  readonly osd: number;
  /** 0 off, 1 on. */
  readonly audioOutput: number;
}

/** One row of 0x0076's channel table (表5). */
export interface Jt1078ChannelEntry {
  readonly physical: number;
  readonly logical: number;
  /** 0 audio/video, 1 audio, 2 video. */
  readonly type: number;
  /** 0 no, 1 yes: a pan-tilt head is connected. */
  readonly ptz: number;
}

/** 0x0076 音视频通道列表设置 (表4): the counts by kind and the table of their channels. */
export interface Jt1078Channels {
  readonly avCount: number;
  readonly audioCount: number;
  readonly videoCount: number;
  readonly entries: readonly Jt1078ChannelEntry[];
}

/** One channel's own settings of 0x0077 (表7, 21 bytes). */
export interface Jt1078ChannelParams {
  readonly logical: number;
  readonly live: Jt1078Stream;
  readonly stored: Jt1078Stream;
  readonly osd: number;
}

/** 0x0079 特殊报警录像参数设置 (表8). */
export interface Jt1078AlarmRecording {
  /** Share of storage at which special-alarm recording starts, % (1–99). */
  readonly threshold: number;
  /** How long a special-alarm recording lasts, minutes. */
  readonly duration: number;
  /** How long before the alarm the recording starts, minutes. */
  readonly before: number;
}

/** Encode modes and resolutions by code (maker-defined codes shown as such). */
export const JT1078_ENCODE_MODES = ["CBR（固定码率）", "VBR（可变码率）", "ABR（平均码率）"] as const;
export const JT1078_RESOLUTIONS = ["QCIF", "CIF", "WCIF", "D1", "WD1", "720P", "1080P"] as const;
/** OSD bits 0–6 by bit. */
export const JT1078_OSD_BITS = [
  "日期和时间",
  "车牌号码",
  "逻辑通道号",
  "经纬度",
  "行驶记录速度",
  "卫星定位速度",
  "连续驾驶时间",
] as const;
/** Channel types of 0x0076 by code. */
export const JT1078_CHANNEL_TYPES = ["音视频", "音频", "视频"] as const;
/** Length of a 0x0075 value and of one 0x0077 channel. */
export const JT1078_AV_PARAMS_LENGTH = 21;

function readStream(r: Reader): Jt1078Stream {
  // Callers check the length first, so every read is there.
  const u = (n: 1 | 2 | 4) => (r.uint(n, "") as { value: number }).value;
  return { encodeMode: u(1), resolution: u(1), keyFrameInterval: u(2), frameRate: u(1), bitRate: u(4) };
}

function writeStream(s: Jt1078Stream): Uint8Array {
  return concat([
    Uint8Array.of(s.encodeMode, s.resolution),
    uintBytes(s.keyFrameInterval, 2),
    Uint8Array.of(s.frameRate),
    uintBytes(s.bitRate, 4),
  ]);
}

function streamFits(s: Jt1078Stream): boolean {
  return (
    [s.encodeMode, s.resolution, s.frameRate].every((n) => isUint(n, 0xff)) &&
    isUint(s.keyFrameInterval, 0xffff) &&
    isUint(s.bitRate, 0xffffffff)
  );
}

const FIELD_SIZES = "编码模式、分辨率、帧率、音频输出为BYTE，关键帧间隔、OSD为WORD，码率为DWORD";

/** Reads a 0x0075 value. */
export function decodeJt1078AvParams(value: Uint8Array): Result<Jt1078AvParams, Jt808Error> {
  if (value.length !== JT1078_AV_PARAMS_LENGTH) {
    return jt808Error("length-mismatch", `音视频参数应为${JT1078_AV_PARAMS_LENGTH}字节，实际为${value.length}字节`);
  }
  const r = new Reader(value);
  const live = readStream(r);
  const stored = readStream(r);
  const osd = (r.uint(2, "") as { value: number }).value;
  return ok({ live, stored, osd, audioOutput: value[20] as number });
}

/** Writes a 0x0075 value. */
export function encodeJt1078AvParams(p: Jt1078AvParams): Result<Uint8Array, Jt808Error> {
  if (!streamFits(p.live) || !streamFits(p.stored) || !isUint(p.osd, 0xffff) || !isUint(p.audioOutput, 0xff)) {
    return jt808Error("bad-number", FIELD_SIZES);
  }
  return ok(concat([writeStream(p.live), writeStream(p.stored), uintBytes(p.osd, 2), Uint8Array.of(p.audioOutput)]));
}

/** Reads a 0x0076 value: the table has as many rows as the three counts together. */
export function decodeJt1078Channels(value: Uint8Array): Result<Jt1078Channels, Jt808Error> {
  if (value.length < 3) return jt808Error("truncated", `音视频通道列表至少3字节，实际为${value.length}字节`);
  const [avCount, audioCount, videoCount] = value as unknown as [number, number, number];
  const rows = avCount + audioCount + videoCount;
  if (value.length !== 3 + rows * 4) {
    return jt808Error(
      "length-mismatch",
      `音视频通道列表共${rows}个通道，应为${3 + rows * 4}字节，实际为${value.length}字节`,
    );
  }
  const entries = Array.from({ length: rows }, (_, i) => {
    const [physical, logical, type, ptz] = value.subarray(3 + i * 4, 7 + i * 4) as unknown as number[] as [
      number,
      number,
      number,
      number,
    ];
    return { physical, logical, type, ptz };
  });
  return ok({ avCount, audioCount, videoCount, entries });
}

/** Writes a 0x0076 value; the rows must number the three counts together. */
export function encodeJt1078Channels(c: Jt1078Channels): Result<Uint8Array, Jt808Error> {
  const counts = [c.avCount, c.audioCount, c.videoCount];
  const cells = c.entries.flatMap((e) => [e.physical, e.logical, e.type, e.ptz]);
  if (![...counts, ...cells].every((n) => isUint(n, 0xff))) {
    return jt808Error("bad-number", "通道数与通道对照表的每一项均为BYTE（0–255）");
  }
  if (c.entries.length !== c.avCount + c.audioCount + c.videoCount) {
    return jt808Error(
      "bad-number",
      `通道对照表有${c.entries.length}行，与通道总数${c.avCount + c.audioCount + c.videoCount}不符`,
    );
  }
  return ok(Uint8Array.of(...counts, ...cells));
}

/** Reads a 0x0077 value: a count, then 21 bytes per channel. */
export function decodeJt1078ChannelParams(value: Uint8Array): Result<Jt1078ChannelParams[], Jt808Error> {
  const n = value[0];
  if (n === undefined || value.length !== 1 + n * JT1078_AV_PARAMS_LENGTH) {
    return jt808Error(
      "length-mismatch",
      `单独视频通道参数应为1+${JT1078_AV_PARAMS_LENGTH}×通道数字节，实际为${value.length}字节`,
    );
  }
  const r = new Reader(value);
  r.offset = 1;
  return ok(
    Array.from({ length: n }, () => {
      const logical = (r.uint(1, "") as { value: number }).value;
      const live = readStream(r);
      const stored = readStream(r);
      const osd = (r.uint(2, "") as { value: number }).value;
      return { logical, live, stored, osd };
    }),
  );
}

/** Writes a 0x0077 value. */
export function encodeJt1078ChannelParams(list: readonly Jt1078ChannelParams[]): Result<Uint8Array, Jt808Error> {
  if (list.length > 0xff) return jt808Error("bad-number", "单独设置的通道不超过255个");
  const parts: Uint8Array[] = [Uint8Array.of(list.length)];
  for (const c of list) {
    if (!isUint(c.logical, 0xff) || !streamFits(c.live) || !streamFits(c.stored) || !isUint(c.osd, 0xffff)) {
      return jt808Error("bad-number", `逻辑通道号为BYTE；${FIELD_SIZES}`);
    }
    parts.push(Uint8Array.of(c.logical), writeStream(c.live), writeStream(c.stored), uintBytes(c.osd, 2));
  }
  return ok(concat(parts));
}

/** Reads a 0x0079 value (3 bytes). */
export function decodeJt1078AlarmRecording(value: Uint8Array): Result<Jt1078AlarmRecording, Jt808Error> {
  if (value.length !== 3) return jt808Error("length-mismatch", `特殊报警录像参数应为3字节，实际为${value.length}字节`);
  const [threshold, duration, before] = value as unknown as [number, number, number];
  return ok({ threshold, duration, before });
}

/** Writes a 0x0079 value. */
export function encodeJt1078AlarmRecording(a: Jt1078AlarmRecording): Result<Uint8Array, Jt808Error> {
  if (![a.threshold, a.duration, a.before].every((n) => isUint(n, 0xff))) {
    return jt808Error("bad-number", "特殊报警录像参数的三项均为BYTE（0–255）");
  }
  return ok(Uint8Array.of(a.threshold, a.duration, a.before));
}

/** A problem with one field, for a form: its path (`live.frameRate`) and the Chinese message. */
export interface Jt1078ParamProblem {
  readonly field: string;
  readonly message: string;
}

const codeIn = (n: number) => Number.isInteger(n) && ((n >= 0 && n <= 2) || (n >= 100 && n <= 127));
const resolutionIn = (n: number) => Number.isInteger(n) && ((n >= 0 && n <= 6) || (n >= 100 && n <= 127));
const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

function streamProblems(s: Jt1078Stream, path: string, label: string): Jt1078ParamProblem[] {
  const out: Jt1078ParamProblem[] = [];
  if (!codeIn(s.encodeMode)) out.push({ field: `${path}.encodeMode`, message: `${label}编码模式应为0–2或100–127` });
  if (!resolutionIn(s.resolution)) {
    out.push({ field: `${path}.resolution`, message: `${label}分辨率应为0–6或100–127` });
  }
  if (!within(s.keyFrameInterval, 1, 1000)) {
    out.push({ field: `${path}.keyFrameInterval`, message: `${label}关键帧间隔应为1–1000帧` });
  }
  if (!within(s.frameRate, 1, 120)) out.push({ field: `${path}.frameRate`, message: `${label}目标帧率应为1–120帧/秒` });
  if (!within(s.bitRate, 1, 0xffffffff)) {
    out.push({ field: `${path}.bitRate`, message: `${label}目标码率应为正整数（kbps）` });
  }
  return out;
}

/**
 * The standard's ranges for what an operator sets (JT/T 1078 表3/表8), every problem with its
 * field: codes 0–2 / 0–6 or the maker range 100–127, key frames 1–1000, 1–120 fps, a positive
 * bit rate, OSD bits 0–6 and 11–15 only (7–10 reserved), audio 0/1, threshold 1–99 %.
 */
export function jt1078ParamProblems(p: {
  readonly avParams?: Jt1078AvParams;
  readonly alarmRecording?: Jt1078AlarmRecording;
}): Jt1078ParamProblem[] {
  const out: Jt1078ParamProblem[] = [];
  if (p.avParams) {
    const a = p.avParams;
    out.push(
      ...streamProblems(a.live, "avParams.live", "实时流"),
      ...streamProblems(a.stored, "avParams.stored", "存储流"),
    );
    if (!within(a.osd, 0, 0xffff) || (a.osd & 0x0780) !== 0) {
      out.push({ field: "avParams.osd", message: "OSD字幕叠加只能选第0–6位（第7–10位保留）或自定义的第11–15位" });
    }
    if (!within(a.audioOutput, 0, 1)) out.push({ field: "avParams.audioOutput", message: "是否启用音频输出应为0或1" });
  }
  if (p.alarmRecording) {
    const r = p.alarmRecording;
    if (!within(r.threshold, 1, 99)) {
      out.push({ field: "alarmRecording.threshold", message: "特殊报警录像存储阈值应为1–99（%）" });
    }
    if (!within(r.duration, 0, 255)) {
      out.push({ field: "alarmRecording.duration", message: "特殊报警录像持续时间应为0–255分钟" });
    }
    if (!within(r.before, 0, 255)) {
      out.push({ field: "alarmRecording.before", message: "特殊报警标识起始时间应为0–255分钟" });
    }
  }
  return out;
}
