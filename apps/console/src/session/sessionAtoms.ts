import type { MenuItem, RouteNode } from "@tsp/domain";
import { atom } from "jotai";
import type { MyInfo } from "../api/types";

/**
 * Session state (platform-shell.md §4 "no token, then code exchanged, then token stored, then
 * routes generated, then navigation"). Menu and routes exist only in `ready`, so no forbidden
 * menu can flash while the permission call is pending (`routesLoaded` stays false until then).
 */
export type SessionState =
  | { status: "starting" }
  | { status: "redirecting" }
  /** The code could not be exchanged (used or expired): the 401 page, not a redirect loop. */
  | { status: "failed" }
  | {
      status: "ready";
      /** Permitted routes (route table filtered by menuApis). */
      routes: readonly RouteNode[];
      /** Side menu built from them. */
      menu: readonly MenuItem[];
      buttonApis: readonly string[];
      user: MyInfo | null;
    };

/** The one session of this page. */
export const sessionAtom = atom<SessionState>({ status: "starting" });

/** The signed-in account's button permissions; empty until the session is ready. */
export const buttonApisAtom = atom((get) => {
  const s = get(sessionAtom);
  return s.status === "ready" ? s.buttonApis : [];
});
