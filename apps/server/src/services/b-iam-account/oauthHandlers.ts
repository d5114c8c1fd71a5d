import type { FastifyReply } from "fastify";
import { invalidField, ok } from "../../http/envelope";
import type { Handler } from "../types";
import { renderAuthorizePage } from "./authorizePage";
import { authenticateClient, findClient, mustUsePkce, redirectAllowed } from "./clients";
import { OAuthError } from "./oauthErrors";
import { pkceProblem } from "./pkce";
import { signIn } from "./signIn";
import { issueCode, issueToken, redeemCode, revokeToken, SCOPE, type TokenAnswer } from "./tokens";

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
  code_challenge?: string;
  code_challenge_method?: string;
}

/**
 * Sends the browser back to the (checked) redirect URI with an error (RFC 6749 §4.1.2.1), as
 * for a PKCE challenge that is missing where required or not S256 (RFC 7636 §4.4.1).
 */
function redirectWithError(reply: FastifyReply, q: AuthorizeQuery, description: string) {
  const target = new URL(q.redirect_uri);
  target.searchParams.set("error", "invalid_request");
  target.searchParams.set("error_description", description);
  if (q.state !== undefined) target.searchParams.set("state", q.state);
  return reply.code(302).header("cache-control", "no-store").redirect(target.toString());
}

/** GET /b-iam-account/oauth/authorize: the sign-in page. */
export const getAuthorizePage: Handler = async ({ query, reply }, ctx) => {
  const q = query as unknown as AuthorizeQuery;
  const client = await checkClient(ctx.db, q.client_id, q.redirect_uri);
  const pkce = pkceProblem(q.code_challenge, q.code_challenge_method, mustUsePkce(client));
  if (pkce) return redirectWithError(reply, q, pkce);
  return sendPage(reply, renderAuthorizePage(q));
};

/** POST /b-iam-account/oauth/authorize: check the credentials, then 302 back with a code. */
export const submitAuthorizeForm: Handler = async ({ body, reply }, ctx) => {
  const form = body as AuthorizeQuery & { username: string; password: string };
  const client = await checkClient(ctx.db, form.client_id, form.redirect_uri);
  const pkce = pkceProblem(form.code_challenge, form.code_challenge_method, mustUsePkce(client));
  if (pkce) return redirectWithError(reply, form, pkce);
  const result = await signIn(ctx.db, form.username, form.password, ctx.now());
  if (!result.ok) return sendPage(reply, renderAuthorizePage(form, { error: result.msg, username: form.username }));
  const code = await issueCode(
    ctx.db,
    {
      clientId: form.client_id,
      redirectUri: form.redirect_uri,
      state: form.state ?? null,
      accountId: result.accountId,
      codeChallenge: form.code_challenge || null,
    },
    ctx.now(),
  );
  // The code goes in the query (before any fragment), as RFC 6749 §4.1.2 places it.
  const target = new URL(form.redirect_uri);
  target.searchParams.set("code", code);
  if (form.state !== undefined) target.searchParams.set("state", form.state);
  return reply.code(302).header("cache-control", "no-store").redirect(target.toString());
};

/** The grants of this server (openapi getToken). */
export const GRANT_TYPES = ["authorization_code", "iam_sso_login", "client_credentials"] as const;
type GrantType = (typeof GRANT_TYPES)[number];

/** The token request's form (RFC 6749 §4.1.3, §4.4.2, RFC 7636 §4.5); other parameters are ignored (§3.2). */
interface TokenBody {
  grant_type?: string;
  code?: string;
  redirect_uri?: string;
  state?: string;
  scope?: string;
  code_verifier?: string;
  client_id?: string;
  client_secret?: string;
}

/** The §5.1 answer at the top level, never the envelope (the router leaves a sent reply alone). */
const sendToken = (reply: FastifyReply, token: TokenAnswer) =>
  reply.code(200).header("content-type", "application/json; charset=utf-8").send(token);

/** POST /b-iam-account/oauth/token: codes (console, SSO) and client credentials (automation). */
export const getToken: Handler = async ({ body, request, reply }, ctx) => {
  const form = (body ?? {}) as TokenBody;
  const client = await authenticateClient(ctx.db, request.headers.authorization, form);
  const grant = form.grant_type as GrantType;
  if (!GRANT_TYPES.includes(grant)) throw new OAuthError("unsupported_grant_type", "不支持的授权方式");
  if (!client.grant_types.includes(grant)) throw new OAuthError("unauthorized_client", "客户端不支持该授权方式");
  // One scope exists: "all" (what the account's roles allow); asking for it, or for nothing, is the same.
  if (form.scope?.split(" ").some((s) => s !== "" && s !== SCOPE)) {
    throw new OAuthError("invalid_scope", `不支持的权限范围（scope），可用：${SCOPE}`);
  }
  const now = ctx.now();
  if (grant === "client_credentials") {
    if (!client.service_account_id) throw new OAuthError("unauthorized_client", "客户端未绑定服务账号");
    return sendToken(reply, await issueToken(ctx.db, client.service_account_id, client.client_id, now));
  }
  const needed = ["code", "redirect_uri", ...(grant === "iam_sso_login" ? ["state"] : [])] as const;
  const missing = needed.filter((k) => !form[k as keyof TokenBody]);
  if (missing.length > 0) {
    throw new OAuthError(
      "invalid_request",
      "请求体不正确",
      missing.map((field) => ({ field, msg: `${field}：必填` })),
    );
  }
  // Spending the code and issuing its token commit together: a failed insert must not burn the code.
  const token = await ctx.db.transaction().execute(async (trx) => {
    const redeemed = await redeemCode(
      trx,
      {
        code: String(form.code),
        clientId: client.client_id,
        redirectUri: String(form.redirect_uri),
        state: grant === "iam_sso_login" ? form.state : undefined,
        codeVerifier: form.code_verifier || undefined,
      },
      now,
    );
    return redeemed && issueToken(trx, redeemed.accountId, client.client_id, now, redeemed.codeHash);
  });
  if (token === null) throw new OAuthError("invalid_grant", "授权码无效或已过期");
  return sendToken(reply, token);
};

/**
 * POST /b-iam-account/oauth/revoke (RFC 7009): the client revokes a token issued to it. An
 * unknown, expired or already revoked token — or one issued to another client — answers 200
 * all the same (§2.2), so the endpoint tells nobody which tokens exist.
 */
export const revokeOAuthToken: Handler = async ({ body, request }, ctx) => {
  const form = (body ?? {}) as { token?: string; token_type_hint?: string; client_id?: string; client_secret?: string };
  const client = await authenticateClient(ctx.db, request.headers.authorization, form);
  if (!form.token) throw new OAuthError("invalid_request", "请求体不正确", [{ field: "token", msg: "token：必填" }]);
  // token_type_hint is only a hint (§2.1); access tokens are the only kind this server issues.
  await revokeToken(ctx.db, form.token, ctx.now(), client.client_id);
  return ok(null, "令牌已撤销");
};
