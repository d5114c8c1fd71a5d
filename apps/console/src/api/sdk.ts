import { type AuthError, createTspClient, localStorageTokenStore, type TspClient, type TspError } from "@tsp/sdk";
import { getDefaultStore } from "jotai";
import type { RuntimeConfig } from "../config/runtimeConfig";
import { pendingCallsAtom } from "../shell/shellAtoms";

/**
 * The console's one SDK client (every call goes through it). The SDK has no UI: its hooks are
 * wired here to the shell — the loading overlay counts pending calls, errors become toasts
 * (spec §8 text, composed by the SDK), 401 runs the sign-in redirect. 404 and cancelled calls
 * never reach a hook (the SDK guarantees it). Typed by the generated `paths` of openapi/.
 */
export type ConsoleClient = TspClient;

/** Where the shell listens for what the client reports. */
export interface ClientListeners {
  onError(error: TspError): void;
  onUnauthorized(error: AuthError): void;
}

let client: ConsoleClient | null = null;
let listeners: ClientListeners = { onError: () => {}, onUnauthorized: () => {} };

/** Creates the client from the runtime config (once, at start). */
export function initClient(config: RuntimeConfig, fetchFn?: typeof fetch): ConsoleClient {
  const store = getDefaultStore();
  client = createTspClient({
    baseUrl: config.apiBaseUrl || location.origin,
    tokenStore: localStorageTokenStore(),
    ...(fetchFn ? { fetch: fetchFn } : {}),
    hooks: {
      onError: (e) => listeners.onError(e),
      onUnauthorized: (e) => listeners.onUnauthorized(e),
      onLoadingChange: (n) => store.set(pendingCallsAtom, n),
    },
  });
  return client;
}

/** The client; throws when used before `initClient` (a programming slip, not a user error). */
export function sdk(): ConsoleClient {
  if (!client) throw new Error("initClient() was not called");
  return client;
}

/** Points the client's hooks at the shell (toasts, redirect); returns a function that detaches them. */
export function listenToClient(next: ClientListeners): () => void {
  listeners = next;
  return () => {
    if (listeners === next) listeners = { onError: () => {}, onUnauthorized: () => {} };
  };
}
