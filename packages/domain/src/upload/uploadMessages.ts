// The upload messages the spec quotes, exactly (platform-shell.md §5, §8; business-areas.md §5, §8).

/** A name that does not match the uploader's pattern; also the import dialog's format message. */
export const MSG_FILE_FORMAT_INCORRECT = "选择的文件格式不正确，请重新上传";
/** The editor's bad-file message — the spec writes it with an ASCII comma (business-areas.md §8). */
export const MSG_EDITOR_FILE_FORMAT_INCORRECT = "选择的文件格式不正确,请重新上传";
/** An extension outside the uploader's allowed types. */
export const MSG_UPLOAD_FORMAT_ERROR = "上传文件格式错误";
/** The simple image uploader's 1 MB limit. */
export const MSG_IMAGE_OVER_1M = "图片大小不能超过1M!";
/** An image whose aspect ratio is not the required one. */
export const MSG_IMAGE_RATIO = "图片比例不正确，请重新上传";
/** Upload failure default. */
export const MSG_UPLOAD_FAILED = "文件上传失败，请检查网络连接后重试";

/** 上传文件不能超过{n}M — the general uploaders' optional size limit. */
export function msgUploadOver(mb: number): string {
  return `上传文件不能超过${mb}M`;
}

/** 文件大小不能超过{n}M — the backend-file uploader's size limit. */
export function msgFileOver(mb: number): string {
  return `文件大小不能超过${mb}M`;
}

/** 视频长度不能超过{n}秒! — a video over the duration limit. */
export function msgVideoOver(seconds: number): string {
  return `视频长度不能超过${seconds}秒!`;
}

/** 图片大小不能超过{n}M — an editor image over its size limit. */
export function msgEditorImageOver(mb: number): string {
  return `图片大小不能超过${mb}M`;
}
