import {
  MSG_FILE_FORMAT_INCORRECT,
  MSG_IMAGE_OVER_1M,
  MSG_IMAGE_RATIO,
  MSG_UPLOAD_FORMAT_ERROR,
  msgEditorImageOver,
  msgFileOver,
  msgUploadOver,
  msgVideoOver,
} from "./uploadMessages";

/** Image extensions (platform-shell.md §5). */
export const IMAGE_TYPES: readonly string[] = ["png", "jpg", "gif", "jpeg", "webp"];
/** Video extensions (§5). */
export const VIDEO_TYPES: readonly string[] = ["mp4", "rmvb", "flv", "mpeg", "avi", "dat", "mov"];
/** PDF (§5 "pdf allowed"). */
export const PDF_TYPES: readonly string[] = ["pdf"];
/** One megabyte as the spec counts it (§5 "1048576 bytes (1 MB)"). */
export const MB = 1048576;
/** Simple image uploader limit (§9). */
export const SIMPLE_IMAGE_MAX_BYTES = MB;
/** Backend-file uploader default limit in MB (§5, §9). */
export const BACKEND_UPLOAD_DEFAULT_MB = 2;
/** Default video duration limit in seconds (§5, §9). */
export const VIDEO_MAX_SECONDS_DEFAULT = 300;
/** Default number of files per uploader; single widgets take 1 (§5, §9). */
export const FILE_LIMIT_DEFAULT = 9;
/** File limit of single-file widgets. */
export const FILE_LIMIT_SINGLE = 1;
/** The rich-text editor takes at most 5 images (§9). */
export const EDITOR_MAX_IMAGES = 5;

/**
 * What an uploader accepts: image, video or pdf uploaders their types; a general "media"
 * uploader all three lists; a backend "file" uploader (firmware, documents) any extension and
 * relies on its pattern when it has one — designed: the spec lists types only for media.
 */
export type UploadKind = "image" | "video" | "pdf" | "media" | "file";

const TYPES: Readonly<Record<Exclude<UploadKind, "file">, readonly string[]>> = {
  image: IMAGE_TYPES,
  video: VIDEO_TYPES,
  pdf: PDF_TYPES,
  media: [...IMAGE_TYPES, ...VIDEO_TYPES, ...PDF_TYPES],
};

/** Lower-case extension of a file name without the dot; "" when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * The type check of an upload (§5): if a pattern is given the name must match it, else
 * 选择的文件格式不正确，请重新上传; an extension outside the kind's types gives 上传文件格式错误.
 */
export function uploadTypeProblem(name: string, kind: UploadKind, pattern?: RegExp): string | null {
  if (pattern !== undefined && !pattern.test(name)) return MSG_FILE_FORMAT_INCORRECT;
  if (kind === "file") return null;
  return TYPES[kind].includes(fileExtension(name)) ? null : MSG_UPLOAD_FORMAT_ERROR;
}

/** The simple image uploader: over 1048576 bytes is refused with 图片大小不能超过1M!; exactly 1 MB passes. */
export function simpleImageSizeProblem(bytes: number): string | null {
  return bytes > SIMPLE_IMAGE_MAX_BYTES ? MSG_IMAGE_OVER_1M : null;
}

/** Which sentence a size limit speaks: the general uploaders', the backend-file uploader's, or the editor's. */
export type SizeWording = "upload" | "file" | "editorImage";

const SIZE_MESSAGE: Readonly<Record<SizeWording, (mb: number) => string>> = {
  upload: msgUploadOver,
  file: msgFileOver,
  editorImage: msgEditorImageOver,
};

/**
 * An optional size limit in MB (§5): over `limitMb` × 1048576 bytes gives 上传文件不能超过{n}M,
 * 文件大小不能超过{n}M or 图片大小不能超过{n}M by wording; exactly the limit passes; no limit, no check.
 */
export function uploadSizeProblem(
  bytes: number,
  limitMb: number | undefined,
  wording: SizeWording = "upload",
): string | null {
  if (limitMb === undefined || bytes <= limitMb * MB) return null;
  return SIZE_MESSAGE[wording](limitMb);
}

/** The backend-file uploader: default limit 2 MB, wording 文件大小不能超过{n}M. */
export function backendUploadSizeProblem(bytes: number, limitMb: number = BACKEND_UPLOAD_DEFAULT_MB): string | null {
  return uploadSizeProblem(bytes, limitMb, "file");
}

/** A video longer than the limit (default 300 s) gives 视频长度不能超过{n}秒!; exactly the limit passes. */
export function videoDurationProblem(seconds: number, limitSeconds: number = VIDEO_MAX_SECONDS_DEFAULT): string | null {
  return seconds > limitSeconds ? msgVideoOver(limitSeconds) : null;
}

/**
 * An image must have the given aspect ratio (§5), else 图片比例不正确，请重新上传. The ratio is
 * width:height ([16, 9]); compared exactly by cross-multiplying, so 1920×1080 matches 16:9 and
 * 1920×1081 does not.
 */
export function imageRatioProblem(width: number, height: number, ratio: readonly [number, number]): string | null {
  return width * ratio[1] === height * ratio[0] ? null : MSG_IMAGE_RATIO;
}

/** Whether another file may be added: the add button hides once `count` reaches the limit (default 9). */
export function canAddFile(count: number, limit: number = FILE_LIMIT_DEFAULT): boolean {
  return count < limit;
}
