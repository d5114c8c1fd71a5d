import { useSyncExternalStore } from "react";

/**
 * Hash routing with the query INSIDE the hash (`#/tbox/loginJournal?vin=…`), the way the
 * product's hash-mode router writes addresses (platform-shell.md §2 "hash mode").
 *
 * Why not wouter's own `useHashLocation`: it keeps the query in `location.search` and carries
 * it over to the next address unless every navigation names a query, so a journal's VIN would
 * leak into the next screen's link. This hook keeps path and query together in the hash, so a
 * copied link reproduces the view and a navigation replaces both.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const navigationListeners = new Set<Listener>();
let lastHash = typeof location === "undefined" ? "" : location.hash;

function notify(): void {
  // Navigation listeners run before React hears of the change, so work they cancel (pending
  // calls of the screen being left) is gone before the next screen's effects start.
  if (location.hash !== lastHash) {
    lastHash = location.hash;
    for (const l of navigationListeners) l();
  }
  for (const l of listeners) l();
}

/**
 * Calls `listener` on every change of the hash address (before screens re-render), e.g. to
 * cancel pending calls on navigation (spec §7). Returns the unsubscribe function.
 */
export function onNavigate(listener: Listener): () => void {
  navigationListeners.add(listener);
  return () => {
    navigationListeners.delete(listener);
  };
}

// One listener for the page's life: the browser's own hash changes (links, back/forward).
if (typeof addEventListener === "function") addEventListener("hashchange", notify);

/** Splits a hash (with or without the leading `#`) into its path and its query string. */
export function splitHash(hash: string): { path: string; search: string } {
  const body = hash.replace(/^#?\/?/, "");
  const q = body.indexOf("?");
  return q < 0 ? { path: `/${body}`, search: "" } : { path: `/${body.slice(0, q)}`, search: body.slice(q + 1) };
}

/** The path part of the current hash, e.g. `/tbox/loginJournal`. */
export const currentHashPath = (): string => splitHash(location.hash).path;
/** The query part of the current hash, without `?`. */
export const currentHashSearch = (): string => splitHash(location.hash).search;

/** Options of {@link navigateHash}. */
export interface NavigateOptions {
  replace?: boolean;
}

/** Goes to `to` (a path with an optional `?query`) by writing the hash; listeners hear it at once. */
export function navigateHash(to: string, options: NavigateOptions = {}): void {
  const url = new URL(location.href);
  url.hash = to.startsWith("/") ? to : `/${to}`;
  if (url.href === location.href) return;
  const oldURL = location.href;
  history[options.replace ? "replaceState" : "pushState"](null, "", url.href);
  dispatchEvent(new HashChangeEvent("hashchange", { oldURL, newURL: url.href }));
}

/** wouter location hook: `[path, navigate]` over the hash path. */
export function useHashPath(): [string, (to: string, options?: NavigateOptions) => void] {
  return [useSyncExternalStore(subscribe, currentHashPath, () => "/"), navigateHash];
}

/** wouter search hook: the query string inside the hash. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentHashSearch, () => "");
}

/** How links are written in the document: `#` + path. */
export const hashHref = (href: string): string => `#${href}`;
