import { toBase64 } from "./base64";
import type { TspCore } from "./client";
import { unwrap } from "./paging";

/** Paths of the sign-in flow (openapi/b-iam-account.yaml). */
export const AUTHORIZE_PATH = "/b-iam-account/oauth/authorize";
export const TOKEN_PATH = "/b-iam-account/oauth/token";
export const SIGN_OUT_PATH = "/b-iam-account/users/signOut";

/** The token answer's `data` (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** An OAuth client: the console's fixed one, or an automation client for scripts. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * The authorize page URL (spec §8: response_type=code, the fixed client id, a redirect back
 * to the app origin), where the console sends the browser on 401. The page is
 * `{baseUrl}/b-iam-account/oauth/authorize`, or `endpoint` when the sign-in page lives elsewhere
 * (the spec calls it "external"; a deployment's config may name its full URL).
 */
export function authorizeUrl(
  options: { clientId: string; redirectUri: string; state?: string } & ({ baseUrl: string } | { endpoint: string }),
): string {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
  });
  if (options.state) query.set("state", options.state);
  const page = "endpoint" in options ? options.endpoint : `${options.baseUrl.replace(/\/$/, "")}${AUTHORIZE_PATH}`;
  return `${page}${page.includes("?") ? "&" : "?"}${query}`;
}

/** `Basic base64(id:secret)` — the "fixed basic client authorisation header" of spec §7. */
export function basicHeader({ clientId, clientSecret }: ClientCredentials): string {
  return `Basic ${toBase64(new TextEncoder().encode(`${clientId}:${clientSecret}`))}`;
}

async function requestToken(sdk: TspCore, client: ClientCredentials, form: Record<string, string>) {
  const result = await sdk.raw("POST", TOKEN_PATH, {
    body: new URLSearchParams(form).toString(),
    bodySerializer: (body: never) => body,
    headers: { Authorization: basicHeader(client), "Content-Type": "application/x-www-form-urlencoded" },
  });
  const token = unwrap(result as { data?: { data?: TokenAnswer } });
  await sdk.tokens.set(token.access_token);
  return token;
}

/**
 * Exchanges the code from the authorize page for a token and stores it. With a `state` that
 * came back, the grant is `iam_sso_login` (spec §2, session guard); otherwise `authorization_code`.
 */
export function exchangeCode(
  sdk: TspCore,
  options: ClientCredentials & { code: string; redirectUri: string; state?: string | null },
): Promise<TokenAnswer> {
  const form: Record<string, string> = {
    grant_type: options.state ? "iam_sso_login" : "authorization_code",
    code: options.code,
    redirect_uri: options.redirectUri,
  };
  if (options.state) form.state = options.state;
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

/** Revokes the token at the server, then forgets it locally — even when the server call fails. */
export async function signOut(sdk: TspCore): Promise<void> {
  try {
    await sdk.raw("GET", SIGN_OUT_PATH);
  } finally {
    await sdk.tokens.clear();
  }
}
