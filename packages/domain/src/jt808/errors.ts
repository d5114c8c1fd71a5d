import { err } from "../shared/result";

/**
 * Why a JT/T 808 frame or body could not be read or written (domain-notes.md "JT/T 808").
 * `code` is stable for programs, `message` is the Chinese text an operator reads, `offset` the
 * byte position (in the unescaped frame or the body) where the problem was found, when there is one.
 */
export interface Jt808Error {
  readonly code: Jt808ErrorCode;
  readonly message: string;
  readonly offset?: number;
}

/** Stable codes of {@link Jt808Error}. */
export type Jt808ErrorCode =
  | "frame-too-short"
  | "bad-delimiter"
  | "bad-escape"
  | "check-code-mismatch"
  | "length-mismatch"
  | "truncated"
  | "bad-bcd"
  | "bad-text"
  | "bad-plate"
  | "bad-number"
  | "bad-time"
  | "bad-package"
  | "unknown-message";

/** Builds a failed result carrying a {@link Jt808Error}. */
export function jt808Error(code: Jt808ErrorCode, message: string, offset?: number) {
  return err<Jt808Error>(offset === undefined ? { code, message } : { code, message, offset });
}
