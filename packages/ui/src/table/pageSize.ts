import { PAGE_SIZE_STORAGE_KEY, rememberedPageSize } from "@tsp/domain";
import { useCallback, useState } from "react";

function read(key: string): number {
  try {
    return rememberedPageSize(globalThis.localStorage?.getItem(key) ?? null);
  } catch {
    return rememberedPageSize(null);
  }
}

/**
 * The table page size, remembered in localStorage (spec §9) under the domain's key; the domain
 * rule decides what a stored value means (anything but 10/20/50/100 gives 10).
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
