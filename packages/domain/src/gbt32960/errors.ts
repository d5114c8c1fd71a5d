import { err } from "../shared/result";

/**
 * Why a GB/T 32960 frame or body could not be read or written (domain-notes.md "GB/T 32960.3").
 * `code` is stable for programs, `message` is the Chinese text an operator reads, `offset` the
 * byte position the problem was found at (when there is one).
 */
export interface FrameError {
  readonly code: FrameErrorCode;
  readonly message: string;
  readonly offset?: number;
}

/** Stable codes of {@link FrameError}. */
export type FrameErrorCode =
  | "hex-empty"
  | "hex-odd-length"
  | "hex-invalid-character"
  | "frame-too-short"
  | "bad-start"
  | "bad-vin"
  | "bad-encryption"
  | "bad-response-flag"
  | "length-mismatch"
  | "bcc-mismatch"
  | "bad-time"
  | "bad-ascii"
  | "bad-length"
  | "bad-count"
  | "bad-number"
  | "truncated"
  | "unsupported-type"
  | "bad-param";

/** Builds a failed result carrying a {@link FrameError}. */
export function frameError(code: FrameErrorCode, message: string, offset?: number) {
  return err<FrameError>(offset === undefined ? { code, message } : { code, message, offset });
}
