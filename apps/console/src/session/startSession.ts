import {
  buildSideMenu,
  filterRoutesByMenuApis,
  type GuardDecision,
  type GuardInput,
  ROUTE_TABLE,
  type RouteNode,
  sessionGuard,
  withMenuPresentation,
} from "@tsp/domain";
import type { MyInfo, Permissions } from "../api/types";
import type { SessionState } from "./sessionAtoms";

/**
 * The route table cut to the permitted menus, with 菜单管理's titles, order and hidden flags
 * (when the back end sends them) laid over it — at session start and on each grants change.
 */
export function permittedRoutes(permissions: Permissions) {
  return withMenuPresentation(filterRoutesByMenuApis(ROUTE_TABLE, permissions.menuApis), permissions.menus ?? []);
}

/** What {@link startSession} needs from the outside world (passed in, so tests run it without a browser). */
export interface SessionPorts {
  /** The hash address being entered, e.g. "/tbox/loginJournal?vin=…". */
  address(): string;
  /** Code and state handed back by the authorisation page, if any. */
  grant(): { code: string; state: string | null } | null;
  /** Removes code and state from the address. */
  forgetGrant(): void;
  token(): string | null;
  /** Exchanges the code for a token and stores it (grant type chosen by the guard). */
  exchange(code: string, state: string | null): Promise<void>;
  /** The 401 handling: remove the token, go to the authorisation page. */
  authorize(): void;
  permissions(): Promise<Permissions>;
  myInfo(): Promise<MyInfo>;
  /** The path asked for before the sign-in round trip, if one was remembered. */
  requestedPath(): string | null;
  /** Replaces the current address (no history entry). */
  navigate(to: string): void;
}

/** How a start ended: the session is ready, the browser is on its way to sign in, or the code failed. */
export type SessionOutcome = Exclude<SessionState, { status: "starting" }>;

/**
 * Runs the domain's session guard until it says proceed (platform-shell.md §2 "Session guard"):
 * exchange a new code, run the 401 handling without code and token, load permissions once and
 * generate the permitted routes, then land. The landing rule (home, else operate-overview, else
 * the requested path) applies right after a sign-in; a reload with a stored token keeps its
 * deep link (CONVENTIONS.md: a reload on a deep link never shows 404 or jumps away).
 */
export async function startSession(ports: SessionPorts): Promise<SessionOutcome> {
  let exchangedCode: string | null = null;
  /** After a sign-in: the address asked for before the round trip (else the one the browser is on). */
  let requested: string | null = null;
  let routes: readonly RouteNode[] = [];
  let routesLoaded = false;
  let buttonApis: readonly string[] = [];
  let user: MyInfo | null = null;
  const grant = ports.grant();
  for (let step = 0; step < 8; step++) {
    const input: GuardInput = {
      address: requested ?? ports.address(),
      code: grant?.code ?? null,
      state: grant?.state ?? null,
      exchangedCode,
      token: ports.token(),
      routesLoaded,
      routes,
      firstEntry: exchangedCode !== null,
    };
    const decision: GuardDecision = sessionGuard(input);
    switch (decision.action) {
      case "exchangeCode":
        ports.forgetGrant();
        try {
          await ports.exchange(decision.code, decision.state ?? null);
        } catch {
          // A used or expired code: show the 401 page rather than loop through the authorize page.
          return { status: "failed" };
        }
        exchangedCode = decision.code;
        requested = ports.requestedPath();
        break;
      case "authorize":
        ports.authorize();
        return { status: "redirecting" };
      case "generateRoutes": {
        // Spec §8: the permission call's failure is swallowed (no menu, no buttons). Both calls
        // go out together: the first screen waits for one round trip, not two.
        const [permissions, info] = await Promise.all([
          ports.permissions().catch((): Permissions => ({ menuApis: [], buttonApis: [] })),
          ports.myInfo().catch(() => null),
        ]);
        if (ports.token() === null) return { status: "redirecting" }; // a 401 sent the browser away
        user = info;
        routes = permittedRoutes(permissions);
        buttonApis = permissions.buttonApis;
        routesLoaded = true;
        break;
      }
      case "navigate":
        ports.navigate(decision.to);
        return ready();
      case "proceed":
        // The guard judged the remembered address; the browser may still be on "/".
        if (requested !== null && requested !== ports.address()) ports.navigate(requested);
        return ready();
    }
  }
  return ready();

  function ready(): SessionOutcome {
    return { status: "ready", routes, menu: buildSideMenu(routes), buttonApis, user };
  }
}
