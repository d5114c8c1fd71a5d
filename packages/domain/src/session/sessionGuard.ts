import { landingPath, pathOf, resolveAddress } from "../routes/resolve";
import { PUBLIC_PATHS } from "../routes/routeTable";
import type { RouteNode } from "../routes/routeTypes";

/** Grant types of the token call (platform-shell.md §2: authorization_code, or iam_sso_login when a state came back). */
export type GrantType = "authorization_code" | "iam_sso_login";

/** What the guard sees on one navigation. */
export interface GuardInput {
  /** The address being entered ("/tbox/loginJournal?x=1"). */
  readonly address: string;
  /** `code` read from the browser address, if any. */
  readonly code?: string | null;
  /** `state` read from the browser address, if any. */
  readonly state?: string | null;
  /** The last code already exchanged, so a reload with the same code does not exchange again. */
  readonly exchangedCode?: string | null;
  /** The stored access token. */
  readonly token: string | null;
  /** Whether the permitted routes have been generated (§2 "The flag stays false until the permission call returns"). */
  readonly routesLoaded: boolean;
  /** The permitted routes, once loaded. */
  readonly routes: readonly RouteNode[];
  /** True on the first navigation after the routes were generated: the landing rule applies. */
  readonly firstEntry: boolean;
}

/** What the shell does next; it runs the action and asks again until `proceed` or `navigate`. */
export type GuardDecision =
  | { readonly action: "proceed" }
  | { readonly action: "exchangeCode"; readonly code: string; readonly grantType: GrantType; readonly state?: string }
  | { readonly action: "authorize" }
  | { readonly action: "generateRoutes" }
  | { readonly action: "navigate"; readonly to: string };

/**
 * The session guard (platform-shell.md §2 "Session guard", §4 "Session", §8 401 handling):
 * 1. /login and /bigScreen need no session → proceed;
 * 2. a new code in the address → exchange it (authorization_code, or iam_sso_login with a state);
 * 3. neither code nor token → the 401 handling (remove the token, go to the authorize page);
 * 4. a token but no routes yet → generate the permitted routes;
 * 5. first entry → home if permitted, else operate-overview, else the requested path;
 * 6. afterwards: a known path proceeds, a redirect is followed, an unknown path goes to /404.
 */
export function sessionGuard(input: GuardInput): GuardDecision {
  const path = pathOf(input.address);
  if (PUBLIC_PATHS.includes(path)) return { action: "proceed" };
  const code = input.code ?? "";
  if (code !== "" && code !== input.exchangedCode) {
    const state = input.state ?? "";
    return state === ""
      ? { action: "exchangeCode", code, grantType: "authorization_code" }
      : { action: "exchangeCode", code, grantType: "iam_sso_login", state };
  }
  if (input.token === null || input.token === "") return { action: "authorize" };
  if (!input.routesLoaded) return { action: "generateRoutes" };
  const to = input.firstEntry ? landingPath(input.routes, input.address) : resolveAddress(input.routes, input.address);
  return to === input.address ? { action: "proceed" } : { action: "navigate", to };
}
