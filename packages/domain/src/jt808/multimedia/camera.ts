import { ok, type Result } from "../../shared/result";
import { concat, isUint, Reader, uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";

/**
 * 0x8801 摄像头立即拍摄命令 (JT/T 808-2013/2019 §8.56, telematics-facts.md §4 "8801"): channel,
 * command (0 stop, 1–0xFFFE that many photos, 0xFFFF record), interval (s; 0 = as fast as the
 * terminal can), save flag (1 save on the terminal, 0 upload at once), resolution code 1–8, quality
 * 1–10 (1 best), brightness 0–255, contrast 0–127, saturation 0–127, chroma 0–255. 12 bytes.
 */
export interface Jt808CameraShoot {
  readonly channel: number;
  readonly command: number;
  readonly interval: number;
  readonly save: 0 | 1;
  readonly resolution: number;
  readonly quality: number;
  readonly brightness: number;
  readonly contrast: number;
  readonly saturation: number;
  readonly chroma: number;
}

/** 0x8801's command value for video recording (any other non-zero value is a photo count). */
export const JT808_CAMERA_RECORD = 0xffff;
/** 0x8801's command value that stops shooting. */
export const JT808_CAMERA_STOP = 0;
/** Length of a 0x8801 body. */
export const JT808_CAMERA_SHOOT_LENGTH = 12;

/** Resolution codes of 0x8801 (the standard's table). */
export const JT808_CAMERA_RESOLUTIONS = [
  "320×240",
  "640×480",
  "800×600",
  "1024×768",
  "176×144 (QCIF)",
  "352×288 (CIF)",
  "704×288 (HALF D1)",
  "704×576 (D1)",
] as const;

/** Each field with its label and range, in wire order (the same table checks and writes). */
const FIELDS: readonly { key: keyof Jt808CameraShoot; label: string; min: number; max: number; size: 1 | 2 }[] = [
  { key: "channel", label: "通道ID", min: 1, max: 255, size: 1 },
  { key: "command", label: "拍摄命令", min: 0, max: 0xffff, size: 2 },
  { key: "interval", label: "拍照间隔/录像时间（秒）", min: 0, max: 0xffff, size: 2 },
  { key: "save", label: "保存标志", min: 0, max: 1, size: 1 },
  { key: "resolution", label: "分辨率", min: 1, max: 8, size: 1 },
  { key: "quality", label: "图像/视频质量", min: 1, max: 10, size: 1 },
  { key: "brightness", label: "亮度", min: 0, max: 255, size: 1 },
  { key: "contrast", label: "对比度", min: 0, max: 127, size: 1 },
  { key: "saturation", label: "饱和度", min: 0, max: 127, size: 1 },
  { key: "chroma", label: "色度", min: 0, max: 255, size: 1 },
];

/** The first field outside its range, as an operator reads it, or null when all are in range. */
export function cameraShootProblem(c: Jt808CameraShoot): { field: keyof Jt808CameraShoot; message: string } | null {
  for (const f of FIELDS) {
    const v = c[f.key];
    if (!Number.isInteger(v) || v < f.min || v > f.max) {
      return { field: f.key, message: `${f.label}应为${f.min}–${f.max}的整数` };
    }
  }
  return null;
}

/** Writes a 0x8801 body; a field out of its range is a "bad-number" error naming it. */
export function encodeJt808CameraShoot(c: Jt808CameraShoot): Result<Uint8Array, Jt808Error> {
  const problem = cameraShootProblem(c);
  if (problem) return jt808Error("bad-number", problem.message);
  return ok(concat(FIELDS.map((f) => uintBytes(c[f.key], f.size))));
}

/** Reads a 0x8801 body (the simulated terminal's side). */
export function decodeJt808CameraShoot(body: Uint8Array): Result<Jt808CameraShoot, Jt808Error> {
  if (body.length !== JT808_CAMERA_SHOOT_LENGTH) {
    return jt808Error(
      "length-mismatch",
      `摄像头立即拍摄命令应为${JT808_CAMERA_SHOOT_LENGTH}字节，实际为${body.length}字节`,
    );
  }
  const r = new Reader(body);
  const out: Record<string, number> = {};
  // The length is checked, so no read can fail.
  for (const f of FIELDS) out[f.key] = (r.uint(f.size, f.label) as { value: number }).value;
  const shoot = out as unknown as Jt808CameraShoot;
  const problem = cameraShootProblem(shoot);
  return problem ? jt808Error("bad-number", problem.message) : ok(shoot);
}

/**
 * 0x0805 摄像头立即拍摄命令应答: the serial of the 0x8801 answered, the result (0 success,
 * 1 failure, 2 channel not supported) and — on success — the ids of the multimedia items shot,
 * which then come as 0x0801 uploads (unless saved on the terminal).
 */
export interface Jt808CameraAnswer {
  readonly serial: number;
  readonly result: number;
  readonly mediaIds: readonly number[];
}

/** 0x0805 results. */
export const JT808_CAMERA_RESULTS = ["成功", "失败", "通道不支持"] as const;

/**
 * Reads a 0x0805 body. The standard makes the ids valid only after result 0; 2013 terminals
 * leave them out on a failure, 2019 ones may send them anyway — read when present either way.
 */
export function decodeJt808CameraAnswer(body: Uint8Array): Result<Jt808CameraAnswer, Jt808Error> {
  const r = new Reader(body);
  const serial = r.uint(2, "应答流水号");
  if (!serial.ok) return serial;
  const result = r.uint(1, "结果");
  if (!result.ok) return result;
  const mediaIds: number[] = [];
  if (r.remaining > 0) {
    const n = r.uint(2, "多媒体ID个数");
    if (!n.ok) return n;
    for (let i = 0; i < n.value; i++) {
      const id = r.uint(4, `第${i + 1}个多媒体ID`);
      if (!id.ok) return id;
      mediaIds.push(id.value);
    }
  }
  if (r.remaining > 0) return jt808Error("length-mismatch", `拍摄应答末尾多出${r.remaining}字节`, r.offset);
  return ok({ serial: serial.value, result: result.value, mediaIds });
}

/** Writes a 0x0805 body (ids only with result 0). */
export function encodeJt808CameraAnswer(a: Jt808CameraAnswer): Result<Uint8Array, Jt808Error> {
  if (!isUint(a.serial, 0xffff) || !isUint(a.result, 0xff)) {
    return jt808Error("bad-number", "应答流水号应为0–65535，结果0–255");
  }
  if (a.result !== 0) return ok(concat([uintBytes(a.serial, 2), Uint8Array.of(a.result)]));
  if (a.mediaIds.length > 0xffff || !a.mediaIds.every((id) => isUint(id, 0xffffffff))) {
    return jt808Error("bad-number", "多媒体ID应为DWORD，个数不超过65535");
  }
  return ok(
    concat([
      uintBytes(a.serial, 2),
      Uint8Array.of(0),
      uintBytes(a.mediaIds.length, 2),
      ...a.mediaIds.map((id) => uintBytes(id, 4)),
    ]),
  );
}
