import { MSG_UPLOAD_FAILED } from "./uploadMessages";

/**
 * An upload's state (platform-shell.md §4 "Upload: idle, loading with progress percent, then
 * success (value emitted) or error"; business-areas.md §4).
 */
export type UploadState<T> =
  | { readonly status: "idle" }
  | { readonly status: "loading"; readonly percent: number }
  | { readonly status: "success"; readonly value: T }
  | { readonly status: "error"; readonly message: string };

/** What happens to an upload. */
export type UploadAction<T> =
  | { readonly type: "start" }
  | { readonly type: "progress"; readonly loaded: number; readonly total: number }
  | { readonly type: "succeed"; readonly value: T }
  | { readonly type: "fail"; readonly message?: string }
  | { readonly type: "reset" };

/** The idle state. */
export const UPLOAD_IDLE: UploadState<never> = { status: "idle" };

/**
 * Upload reducer: start → loading at 0 %; progress sets a whole percent (0–100, never going
 * back, ignored unless loading); succeed emits the value; fail shows the given message or
 * 文件上传失败，请检查网络连接后重试; reset returns to idle. Events out of order (a late
 * progress after success) change nothing.
 */
export function reduceUpload<T>(state: UploadState<T>, action: UploadAction<T>): UploadState<T> {
  switch (action.type) {
    case "start":
      return { status: "loading", percent: 0 };
    case "progress": {
      if (state.status !== "loading") return state;
      const ratio = action.total > 0 ? action.loaded / action.total : 0;
      const percent = Math.min(100, Math.max(state.percent, Math.floor(ratio * 100)));
      return { status: "loading", percent };
    }
    case "succeed":
      return state.status === "loading" ? { status: "success", value: action.value } : state;
    case "fail":
      return state.status === "loading" ? { status: "error", message: action.message || MSG_UPLOAD_FAILED } : state;
    case "reset":
      return UPLOAD_IDLE;
  }
}
