/**
 * What the authorisation page hands back in the address: `?code=…&state=…` on the app origin
 * (openapi/CONVENTIONS.md "Sign-in"). Read from the real query and, for servers that redirect
 * to `/#/?code=…`, from the query inside the hash too.
 */
export interface ReturnedGrant {
  code: string;
  state: string | null;
}

/** The code (and state) in `href`, or null when the address carries none. */
export function readGrant(href: string): ReturnedGrant | null {
  const url = new URL(href);
  const hashQuery = url.hash.includes("?") ? url.hash.slice(url.hash.indexOf("?") + 1) : "";
  for (const params of [url.searchParams, new URLSearchParams(hashQuery)]) {
    const code = params.get("code");
    if (code) return { code, state: params.get("state") || null };
  }
  return null;
}

/** `href` without code and state, so a reload or a copied link never replays a used code. */
export function withoutGrant(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("code");
  url.searchParams.delete("state");
  const q = url.hash.indexOf("?");
  if (q >= 0) {
    const params = new URLSearchParams(url.hash.slice(q + 1));
    params.delete("code");
    params.delete("state");
    const rest = params.toString();
    url.hash = url.hash.slice(0, q) + (rest ? `?${rest}` : "");
  }
  return url.href;
}

/** The redirect URI of the console: the app's origin and path, no query, no hash (spec §8 "app origin"). */
export function appRedirectUri(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}

const REQUESTED_KEY = "tsp-console-requested-path";

/**
 * Remembers the hash path a person asked for before being sent to sign in, so the landing
 * rule can fall back to it ("else the requested path", spec §2) after the round trip.
 */
export function rememberRequestedPath(path: string, storage: Storage = sessionStorage): void {
  if (path && path !== "/" && path !== "/login") storage.setItem(REQUESTED_KEY, path);
}

/** Takes (and forgets) the remembered path. */
export function takeRequestedPath(storage: Storage = sessionStorage): string | null {
  const path = storage.getItem(REQUESTED_KEY);
  storage.removeItem(REQUESTED_KEY);
  return path;
}
