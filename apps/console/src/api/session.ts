import { exchangeCode, signOut as sdkSignOut } from "@tsp/sdk";
import { takeVerifier } from "../session/pkce";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { MyInfo, Permissions } from "./types";

// The session's calls (platform-shell.md §2 session guard, §6, §7): code exchange, the
// permission call, myInfo and sign-out. Failures reject with the SDK's typed errors.

/**
 * The console's OAuth client. A browser app cannot keep a secret; the spec's "fixed basic client
 * authorisation header" is this pair (openapi/CONVENTIONS.md "Clients").
 */
export const CONSOLE_CLIENT_SECRET = "tsp-console-secret";

/**
 * Exchanges the code from the authorisation page and stores the token (spec §2 session guard),
 * with the PKCE verifier this tab kept when it went to sign in.
 */
export function exchangeGrant(options: { clientId: string; code: string; state: string | null; redirectUri: string }) {
  return exchangeCode(sdk(), {
    clientId: options.clientId,
    clientSecret: CONSOLE_CLIENT_SECRET,
    code: options.code,
    redirectUri: options.redirectUri,
    state: options.state,
    codeVerifier: takeVerifier(),
  });
}

/** Revokes the token at the server and forgets it. */
export function signOut(): Promise<void> {
  return sdkSignOut(sdk());
}

/** The permission call (designed: GET /comm-inc-center/v1/web/home/user/permissions). */
export async function getPermissions(): Promise<Permissions> {
  return dataOf(await sdk().GET("/comm-inc-center/v1/web/home/user/permissions"));
}

/** The signed-in account (spec §7 myInfo). */
export async function getMyInfo(): Promise<MyInfo> {
  return dataOf(await sdk().GET("/comm-inc-center/v1/web/home/user/myInfo"));
}
