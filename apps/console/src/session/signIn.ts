import type { RuntimeConfig } from "../config/runtimeConfig";
import { currentHashPath, currentHashSearch } from "../routing/hashLocation";
import { appRedirectUri, rememberRequestedPath } from "./address";

/**
 * The authorisation page address (spec §8): response_type=code, the fixed client id and a
 * redirect back to the app origin. `authorizeUrl` in config.json may be relative to the app.
 */
export function authorizePageUrl(config: RuntimeConfig, href: string): string {
  const url = new URL(config.authorizeUrl, href);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", appRedirectUri(href));
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
  location.assign(authorizePageUrl(config, location.href));
}
