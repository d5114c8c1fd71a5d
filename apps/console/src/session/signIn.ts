import type { RuntimeConfig } from "../config/runtimeConfig";
import { currentHashPath, currentHashSearch } from "../routing/hashLocation";
import { appRedirectUri, rememberRequestedPath } from "./address";
import { newChallenge } from "./pkce";

/**
 * The authorisation page address (spec §8): response_type=code, the fixed client id and a
 * redirect back to the app origin, plus the PKCE S256 challenge (RFC 7636; the console's
 * secret is public, so the code is bound to a verifier only this tab holds).
 * `authorizeUrl` in config.json may be relative to the app.
 */
export function authorizePageUrl(config: RuntimeConfig, href: string, codeChallenge: string): string {
  const url = new URL(config.authorizeUrl, href);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", appRedirectUri(href));
  url.searchParams.set("code_challenge", codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  return url.href;
}

/**
 * The 401 handling (spec §8): the stored token is removed and the browser is sent to the
 * authorisation page. The hash address asked for is remembered for after the round trip.
 */
export function goToSignIn(config: RuntimeConfig, clearToken: () => void): void {
  clearToken();
  const search = currentHashSearch();
  rememberRequestedPath(currentHashPath() + (search ? `?${search}` : ""));
  void newChallenge().then((challenge) => location.assign(authorizePageUrl(config, location.href, challenge)));
}
