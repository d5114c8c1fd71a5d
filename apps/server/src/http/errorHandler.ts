import type { FastifyError, FastifyInstance } from "fastify";
import { ApiError } from "./envelope";
import { failDetailOf } from "./validationMessages";

const PART_NAMES: Record<string, string> = {
  querystring: "查询参数",
  params: "路径参数",
  headers: "请求头",
  body: "请求体",
};

/**
 * Every failure as the envelope: validation → 400 with Chinese `msg` and `failDetail`,
 * `ApiError` → its status, framework errors (bad JSON, unsupported media type, body too
 * large) → their status with a Chinese message, anything else → 500 (logged, details hidden).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.toEnvelope());
    if (error.validation) {
      const failDetail = failDetailOf(error.validation as never);
      const part = PART_NAMES[error.validationContext ?? ""] ?? "请求";
      return reply.code(400).send({ code: 400, msg: `${part}不正确`, data: { failDetail } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "unhandled error");
      return reply.code(500).send({ code: 500, msg: "服务器内部错误，请稍后重试", data: null });
    }
    const msg =
      error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || error.code === "FST_INVALID_MULTIPART_CONTENT_TYPE"
        ? "不支持的请求内容类型"
        : status === 413
          ? "上传文件过大"
          : error.code?.startsWith("FST_ERR_CTP")
            ? "请求体格式不正确"
            : "请求不正确";
    const data = status === 400 ? { failDetail: [{ field: "body", msg: `body：${msg}` }] } : null;
    return reply.code(status).send({ code: status, msg, data });
  });
}
