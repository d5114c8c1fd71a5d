import { useCallback, useState } from "react";

/** Spec §9: options 10, 20, 50, 100; default 10; the chosen size is stored locally. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** Spec §9 default table page size. */
export const DEFAULT_PAGE_SIZE = 10;
/** localStorage key of the remembered size (one for all tables unless a screen names its own). */
export const PAGE_SIZE_STORAGE_KEY = "tsp-table-page-size";

function read(key: string): number {
  try {
    const n = Number(globalThis.localStorage?.getItem(key));
    return (PAGE_SIZE_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/**
 * The table page size, remembered in localStorage. Unknown stored values fall back to 10
 * (a hand-edited storage entry must not produce a page of 7).
 */
export function useRememberedPageSize(key: string = PAGE_SIZE_STORAGE_KEY): [number, (size: number) => void] {
  const [size, setSize] = useState(() => read(key));
  const set = useCallback(
    (next: number) => {
      setSize(next);
      try {
        globalThis.localStorage?.setItem(key, String(next));
      } catch {
        // Storage may be full or blocked (private mode); the size still applies to this view.
      }
    },
    [key],
  );
  return [size, set];
}
