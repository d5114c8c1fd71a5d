import { buildSideMenu } from "@tsp/domain";
import { getDefaultStore } from "jotai";
import type { Permissions } from "../api/types";
import { sessionAtom } from "../session/sessionAtoms";
import { permittedRoutes } from "../session/startSession";

/** The answer header carrying the server's grants version (openapi components.yaml headers/AuthzVersion). */
export const AUTHZ_VERSION_HEADER = "x-authz-version";

/**
 * A fetch that reads the grants version of every answer and calls `onChange` when it differs
 * from the last one seen (never on the first): a role, menu or tenant changed somewhere, so the
 * signed-in account's menus and buttons may have changed. The answer itself is untouched.
 */
export function watchAuthzVersion(fetchFn: typeof fetch, onChange: () => void): typeof fetch {
  let seen: string | null = null;
  return async (input, init) => {
    const answer = await fetchFn(input, init);
    const version = answer.headers.get(AUTHZ_VERSION_HEADER);
    if (version !== null) {
      if (seen !== null && version !== seen) onChange();
      seen = version;
    }
    return answer;
  };
}

/**
 * Reloads the permissions into the ready session (routes, side menu, buttons), as the session
 * start built them — without signing in again. Changes that arrive during a reload run one
 * more reload after it, so the last state always wins; a failed reload keeps what is shown.
 */
export function permissionReloader(
  load: () => Promise<Permissions>,
  store: ReturnType<typeof getDefaultStore> = getDefaultStore(),
): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      try {
        const permissions = await load();
        const session = store.get(sessionAtom);
        if (session.status !== "ready") return;
        const routes = permittedRoutes(permissions);
        store.set(sessionAtom, { ...session, routes, menu: buildSideMenu(routes), buttonApis: permissions.buttonApis });
      } catch {
        // The permission call's failure is swallowed (spec §8); the next change tries again.
      }
    } while (again);
  };
  return () => {
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
    });
  };
}
