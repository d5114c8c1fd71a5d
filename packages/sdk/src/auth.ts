import { toBase64 } from "./base64";
import type { TspCore } from "./client";
import { isEnvelope } from "./envelope";

/** Paths of the sign-in flow (openapi/b-iam-account.yaml). */
export const AUTHORIZE_PATH = "/b-iam-account/oauth/authorize";
export const TOKEN_PATH = "/b-iam-account/oauth/token";
export const SIGN_OUT_PATH = "/b-iam-account/users/signOut";
export const REVOKE_PATH = "/b-iam-account/oauth/revoke";

/** The token answer (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/**
 * An OAuth client: the console's fixed one, or an automation client for scripts. Without a
 * secret it is a public client: its id goes in the body and it must use PKCE.
 */
export interface ClientCredentials {
  clientId: string;
  clientSecret?: string | undefined;
}

/**
 * The token of a token answer. The standard answer has the fields at the top level (RFC 6749
 * §5.1; the reference server and any conformant IAM); some real deployments of this platform
 * wrap them in the envelope `{code, msg, data: {access_token…}}` (the reference server did
 * until issue 15). Both are read; anything else is refused.
 */
export function readTokenAnswer(body: unknown): TokenAnswer {
  const top = body as Partial<TokenAnswer> | undefined;
  if (typeof top?.access_token === "string") return top as TokenAnswer;
  const wrapped = isEnvelope(body) ? (body.data as Partial<TokenAnswer> | undefined) : undefined;
  if (typeof wrapped?.access_token === "string") return wrapped as TokenAnswer;
  throw new TypeError("令牌应答中没有 access_token");
}

/**
 * The authorize page URL (spec §8: response_type=code, the fixed client id, a redirect back
 * to the app origin), where the console sends the browser on 401. The page is
 * `{baseUrl}/b-iam-account/oauth/authorize`, or `endpoint` when the sign-in page lives elsewhere
 * (the spec calls it "external"; a deployment's config may name its full URL).
 */
export function authorizeUrl(
  options: { clientId: string; redirectUri: string; state?: string; codeChallenge?: string } & (
    | { baseUrl: string }
    | { endpoint: string }
  ),
): string {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
  });
  if (options.state) query.set("state", options.state);
  if (options.codeChallenge) {
    // PKCE (RFC 7636): S256 only; see `createPkce`.
    query.set("code_challenge", options.codeChallenge);
    query.set("code_challenge_method", "S256");
  }
  const page = "endpoint" in options ? options.endpoint : `${options.baseUrl.replace(/\/$/, "")}${AUTHORIZE_PATH}`;
  return `${page}${page.includes("?") ? "&" : "?"}${query}`;
}

/** RFC 6749 §2.3.1: client id and secret are form-urlencoded before base64. */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");

/** `Basic base64(id:secret)` — the "fixed basic client authorisation header" of spec §7. */
export function basicHeader({ clientId, clientSecret }: ClientCredentials): string {
  return `Basic ${toBase64(new TextEncoder().encode(`${formEncode(clientId)}:${formEncode(clientSecret ?? "")}`))}`;
}

/** A form post to the token or revocation endpoint; a client with a secret authenticates by Basic header. */
function postClientForm(sdk: TspCore, path: string, client: ClientCredentials, form: Record<string, string>) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (client.clientSecret === undefined) form.client_id = client.clientId;
  else headers.Authorization = basicHeader(client);
  return sdk.raw("POST", path, {
    body: new URLSearchParams(form).toString(),
    bodySerializer: (body: never) => body,
    headers,
  });
}

async function requestToken(sdk: TspCore, client: ClientCredentials, form: Record<string, string>) {
  const result = await postClientForm(sdk, TOKEN_PATH, client, form);
  const token = readTokenAnswer((result as { data?: unknown }).data);
  await sdk.tokens.set(token.access_token);
  return token;
}

/**
 * Exchanges the code from the authorize page for a token and stores it. With a `state` that
 * came back, the grant is `iam_sso_login` (spec §2, session guard); otherwise `authorization_code`.
 */
export function exchangeCode(
  sdk: TspCore,
  options: ClientCredentials & {
    code: string;
    redirectUri: string;
    state?: string | null;
    /** The PKCE verifier whose challenge went to the authorize page (RFC 7636 §4.5). */
    codeVerifier?: string | null;
  },
): Promise<TokenAnswer> {
  const form: Record<string, string> = {
    grant_type: options.state ? "iam_sso_login" : "authorization_code",
    code: options.code,
    redirect_uri: options.redirectUri,
  };
  if (options.state) form.state = options.state;
  if (options.codeVerifier) form.code_verifier = options.codeVerifier;
  return requestToken(sdk, options, form);
}

/**
 * A token for an automation script (RFC 6749 §4.4): the Basic header of an automation client
 * bound to a service account; no human password in the script. Stores the token.
 */
export function clientCredentials(sdk: TspCore, client: ClientCredentials & { scope?: string }): Promise<TokenAnswer> {
  return requestToken(
    sdk,
    client,
    client.scope ? { grant_type: "client_credentials", scope: client.scope } : { grant_type: "client_credentials" },
  );
}

/**
 * Revokes a token through RFC 7009 (`/b-iam-account/oauth/revoke`) as the client it was issued
 * to — a script's way to end its session; forgets it locally when it is the stored one.
 */
export async function revokeToken(sdk: TspCore, client: ClientCredentials, token: string): Promise<void> {
  await postClientForm(sdk, REVOKE_PATH, client, { token, token_type_hint: "access_token" });
  if ((await sdk.tokens.get()) === token) await sdk.tokens.clear();
}

/** Revokes the token at the server, then forgets it locally — even when the server call fails. */
export async function signOut(sdk: TspCore): Promise<void> {
  try {
    await sdk.raw("GET", SIGN_OUT_PATH);
  } finally {
    await sdk.tokens.clear();
  }
}
