/** One line of `data.failDetail` (openapi/components.yaml BadRequest). */
export interface FailDetail {
  field: string;
  msg: string;
}

/** The answer of every JSON operation (openapi/CONVENTIONS.md "Operations"). */
export interface Envelope<T = unknown> {
  code: number | string;
  msg: string;
  data: T;
}

/** The success code this server answers with (one of the spec's success codes). */
export const OK_CODE = 200;

const ENVELOPE = Symbol("envelope");

/** A success answer with a message of its own (e.g. the export's "task submitted"). */
export function ok<T>(data: T, msg = "操作成功"): Envelope<T> & { [ENVELOPE]: true } {
  return { code: OK_CODE, msg, data, [ENVELOPE]: true } as Envelope<T> & { [ENVELOPE]: true };
}

/** Whether a handler's return value is already an envelope built by `ok`. */
export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && ENVELOPE in value;
}

/**
 * A failure a handler raises on purpose; the router answers it as the envelope with the
 * HTTP status as `code`. `msg` is what the console toasts: Chinese, for a person.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly failDetail: FailDetail[] = [],
  ) {
    super(msg);
    this.name = "ApiError";
  }

  toEnvelope(): Envelope<{ failDetail: FailDetail[] } | null> {
    return {
      code: this.status,
      msg: this.message,
      // openapi ErrorEnvelope: data is null or a non-empty failDetail.
      data: this.failDetail.length > 0 ? { failDetail: this.failDetail } : null,
    };
  }
}

/** 400 with per-field details; nothing may have been written when this is thrown. */
export const badRequest = (msg: string, failDetail: FailDetail[] = []) => new ApiError(400, msg, failDetail);
/** 400 about one field: `msg` 请求参数不正确, detail "<field>：<why>". */
export const invalidField = (field: string, why: string) =>
  new ApiError(400, "请求参数不正确", [{ field, msg: `${field}：${why}` }]);
export const unauthorized = (msg = "登录已失效，请重新登录") => new ApiError(401, msg);
export const forbidden = (msg = "没有操作权限") => new ApiError(403, msg);
export const notFound = (msg = "未找到") => new ApiError(404, msg);
export const conflict = (msg: string) => new ApiError(409, msg);
