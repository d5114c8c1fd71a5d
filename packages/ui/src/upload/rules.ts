import type { UploadKind } from "./types";

/**
 * Upload rules of spec §5 with its exact messages.
 * TODO(domain): replace with @tsp/domain's upload rules once they are exported.
 */
export const IMAGE_EXTENSIONS = ["png", "jpg", "gif", "jpeg", "webp"] as const;
/** Spec §5 video types. */
export const VIDEO_EXTENSIONS = ["mp4", "rmvb", "flv", "mpeg", "avi", "dat", "mov"] as const;
/** Spec §9: default file count limit for multi uploaders (1 for single ones). */
export const DEFAULT_UPLOAD_LIMIT = 9;
/** Spec §9: video max duration in seconds. */
export const DEFAULT_VIDEO_MAX_SECONDS = 300;
/** Spec §9: the simple image uploader's limit (1 MB, 1048576 bytes). */
export const SIMPLE_IMAGE_MAX_BYTES = 1_048_576;

export const MSG_PATTERN = "选择的文件格式不正确，请重新上传";
export const MSG_TYPE = "上传文件格式错误";
export const MSG_SIMPLE_IMAGE_SIZE = "图片大小不能超过1M!";
export const MSG_RATIO = "图片比例不正确，请重新上传";
export const MSG_UPLOAD_FAILED = "文件上传失败，请检查网络连接后重试";
export const msgSize = (mb: number) => `上传文件不能超过${mb}M`;
export const msgVideoLength = (s: number) => `视频长度不能超过${s}秒!`;

/** Lower-case extension of a file name, without the dot ("" when none). */
export function extensionOf(name: string): string {
  const i = name.lastIndexOf(".");
  return i < 0 ? "" : name.slice(i + 1).toLowerCase();
}

/** Extensions a kind accepts; `file` accepts all (its pattern, if any, decides). */
export function allowedExtensions(kind: UploadKind): readonly string[] | null {
  if (kind === "image") return IMAGE_EXTENSIONS;
  if (kind === "video") return VIDEO_EXTENSIONS;
  if (kind === "pdf") return ["pdf"];
  return null;
}

/** The `accept` attribute for a kind's file input. */
export function acceptOf(kind: UploadKind): string | undefined {
  const ext = allowedExtensions(kind);
  return ext ? ext.map((e) => `.${e}`).join(",") : undefined;
}

/** Rules a single uploader applies before uploading (each optional). */
export interface UploadRules {
  kind: UploadKind;
  /** If given, the file name must match (else MSG_PATTERN). */
  pattern?: RegExp;
  /** Size limit in MB (else 上传文件不能超过{n}M). */
  maxSizeMb?: number;
  /** The simple image uploader: 1 MB with its own message. */
  simpleImage?: boolean;
}

/** Checks name and size; answers the spec's message or null when the file may go. */
export function checkFile(file: { name: string; size: number }, rules: UploadRules): string | null {
  if (rules.pattern && !rules.pattern.test(file.name)) return MSG_PATTERN;
  const allowed = allowedExtensions(rules.kind);
  if (allowed && !allowed.includes(extensionOf(file.name))) return MSG_TYPE;
  if (rules.simpleImage && file.size > SIMPLE_IMAGE_MAX_BYTES) return MSG_SIMPLE_IMAGE_SIZE;
  if (rules.maxSizeMb !== undefined && file.size > rules.maxSizeMb * 1_048_576) return msgSize(rules.maxSizeMb);
  return null;
}

/** Checks an image's width/height against a wanted ratio (e.g. 16/9), with 1 % tolerance. */
export function checkRatio(width: number, height: number, ratio: number): string | null {
  if (height <= 0) return MSG_RATIO;
  return Math.abs(width / height - ratio) / ratio <= 0.01 ? null : MSG_RATIO;
}

/** Checks a video's duration (seconds) against the limit (default 300 s). */
export function checkDuration(seconds: number, maxSeconds = DEFAULT_VIDEO_MAX_SECONDS): string | null {
  return seconds > maxSeconds ? msgVideoLength(maxSeconds) : null;
}

/** Spec §4: image zoom runs from 0.1 to 2 in steps of 0.1. */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 2;
export const ZOOM_STEP = 0.1;

/** Next zoom after `steps` steps (±), clamped and rounded to one decimal. */
export function stepZoom(zoom: number, steps: number): number {
  const z = Math.round((zoom + steps * ZOOM_STEP) * 10) / 10;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));
}
