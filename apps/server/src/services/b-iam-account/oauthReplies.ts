import type { FastifyInstance } from "fastify";
import { BASIC_CHALLENGE, oauthCodeOfStatus } from "./oauthErrors";

/** The operations whose every answer follows RFC 6749 §5 (token) and RFC 7009 §2 (revocation). */
const OAUTH_ENDPOINTS = new Set(["getToken", "revokeOAuthToken"]);

/**
 * On every answer of the token and revocation endpoints — the handler's, and the refusals
 * made before it (validation, content type, body size) — `Cache-Control: no-store` and
 * `Pragma: no-cache` (§5.1), a Basic challenge on 401 (§5.2), and an `error` code in every
 * error body that does not have one yet (the envelope stays beside it, see `OAuthError`).
 */
export function registerOAuthReplies(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!OAUTH_ENDPOINTS.has(request.routeOptions.config.operationId ?? "")) return payload;
    reply.header("cache-control", "no-store").header("pragma", "no-cache");
    if (reply.statusCode === 401) reply.header("www-authenticate", BASIC_CHALLENGE);
    if (reply.statusCode < 400 || typeof payload !== "string") return payload;
    try {
      const body = JSON.parse(payload) as { error?: string; msg?: string };
      if (body.error !== undefined) return payload;
      return JSON.stringify({
        error: oauthCodeOfStatus(reply.statusCode),
        error_description: body.msg ?? "请求不正确",
        ...body,
      });
    } catch {
      return payload;
    }
  });
}
