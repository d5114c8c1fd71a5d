import type { FastifyReply } from "fastify";
import { ApiError, badRequest, invalidField } from "../../http/envelope";
import type { Handler } from "../types";
import { renderAuthorizePage } from "./authorizePage";
import { clientFromBasic, findClient, redirectAllowed } from "./clients";
import { signIn } from "./signIn";
import { issueCode, issueToken, redeemCode } from "./tokens";

const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  // No scripts, no external assets; inline styles only.
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

const sendPage = (reply: FastifyReply, html: string) => reply.code(200).headers(PAGE_HEADERS).send(html);

/** The client and redirect URI must be known before anything is shown (RFC 6749 §4.1.2.1: never redirect to an unchecked URI). */
async function checkClient(db: Parameters<Handler>[1]["db"], clientId: string, redirectUri: string) {
  const client = await findClient(db, clientId);
  if (!client?.grant_types.includes("authorization_code")) throw invalidField("client_id", "未知的客户端");
  if (!redirectAllowed(client, redirectUri)) throw invalidField("redirect_uri", "不是该客户端允许的回调地址");
  return client;
}

interface AuthorizeQuery {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  state?: string;
}

/** GET /b-iam-account/oauth/authorize: the sign-in page. */
export const getAuthorizePage: Handler = async ({ query, reply }, ctx) => {
  const q = query as unknown as AuthorizeQuery;
  await checkClient(ctx.db, q.client_id, q.redirect_uri);
  return sendPage(reply, renderAuthorizePage(q));
};

/** POST /b-iam-account/oauth/authorize: check the credentials, then 302 back with a code. */
export const submitAuthorizeForm: Handler = async ({ body, reply }, ctx) => {
  const form = body as AuthorizeQuery & { username: string; password: string };
  await checkClient(ctx.db, form.client_id, form.redirect_uri);
  const result = await signIn(ctx.db, form.username, form.password, ctx.now());
  if (!result.ok) return sendPage(reply, renderAuthorizePage(form, { error: result.msg, username: form.username }));
  const code = await issueCode(
    ctx.db,
    {
      clientId: form.client_id,
      redirectUri: form.redirect_uri,
      state: form.state ?? null,
      accountId: result.accountId,
    },
    ctx.now(),
  );
  // The code goes in the query (before any fragment), as RFC 6749 §4.1.2 places it.
  const target = new URL(form.redirect_uri);
  target.searchParams.set("code", code);
  if (form.state !== undefined) target.searchParams.set("state", form.state);
  return reply.code(302).header("cache-control", "no-store").redirect(target.toString());
};

/** A 400 whose message is the reason itself (openapi getToken names the messages). */
const reason = (field: string, msg: string) => badRequest(msg, [{ field, msg: `${field}：${msg}` }]);

interface TokenBody {
  grant_type: "authorization_code" | "iam_sso_login" | "client_credentials";
  code?: string;
  redirect_uri?: string;
  state?: string;
}

/** POST /b-iam-account/oauth/token: codes (console) and client credentials (automation). */
export const getToken: Handler = async ({ body, request, reply }, ctx) => {
  const form = body as TokenBody;
  reply.header("cache-control", "no-store");
  const client = await clientFromBasic(ctx.db, request.headers.authorization);
  if (!client) throw new ApiError(401, "客户端认证失败");
  if (!client.grant_types.includes(form.grant_type)) throw reason("grant_type", "客户端不支持该授权方式");
  const now = ctx.now();
  if (form.grant_type === "client_credentials") {
    if (!client.service_account_id) throw reason("grant_type", "客户端未绑定服务账号");
    return issueToken(ctx.db, client.service_account_id, client.client_id, now);
  }
  const missing = (["code", "redirect_uri", ...(form.grant_type === "iam_sso_login" ? ["state"] : [])] as const).filter(
    (k) => !form[k as keyof TokenBody],
  );
  if (missing.length > 0) {
    throw badRequest(
      "请求体不正确",
      missing.map((field) => ({ field, msg: `${field}：必填` })),
    );
  }
  const accountId = await redeemCode(
    ctx.db,
    {
      code: String(form.code),
      clientId: client.client_id,
      redirectUri: String(form.redirect_uri),
      state: form.grant_type === "iam_sso_login" ? form.state : undefined,
    },
    now,
  );
  if (accountId === null) throw reason("code", "授权码无效或已过期");
  return issueToken(ctx.db, accountId, client.client_id, now);
};
