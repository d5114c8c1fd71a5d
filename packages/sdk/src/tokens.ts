/**
 * Where the access token lives. Pluggable so the same client runs in a browser (localStorage),
 * in a Node script (memory) or in a long-lived Node tool (a file, see `@tsp/sdk/node`).
 * Methods may be sync or async.
 */
export interface TokenStore {
  get(): string | null | undefined | Promise<string | null | undefined>;
  set(token: string): void | Promise<void>;
  clear(): void | Promise<void>;
}

/** The localStorage key of the token (business-areas.md §9). */
export const TOKEN_STORAGE_KEY = "wit-dashboard-token";

/** A token kept in this process only (scripts, tests). */
export function memoryTokenStore(initial?: string): TokenStore {
  let token = initial ?? null;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
    clear: () => {
      token = null;
    },
  };
}

/** The browser store: `localStorage["wit-dashboard-token"]` (or another `Storage` and key). */
export function localStorageTokenStore(
  storage: Storage = globalThis.localStorage,
  key = TOKEN_STORAGE_KEY,
): TokenStore {
  return {
    get: () => storage.getItem(key),
    set: (value) => storage.setItem(key, value),
    clear: () => storage.removeItem(key),
  };
}

/** localStorage when the runtime has one (browsers), memory otherwise (Node). */
export function defaultTokenStore(): TokenStore {
  return typeof globalThis.localStorage === "object" && globalThis.localStorage
    ? localStorageTokenStore()
    : memoryTokenStore();
}
