import { type FilterCodec, type FilterSchema, PAGE_SIZE_STORAGE_KEY, PAGE_SIZES } from "@tsp/domain";
import { useRememberedPageSize } from "@tsp/ui";
import { useMemo } from "react";
import type * as v from "valibot";
import { navigateHash, useHashPath, useHashSearch } from "../routing/hashLocation";

/** The address parameter of a chosen page size (kept beside the filters so a link reproduces the view). */
const SIZE_PARAM = "size";

/** The page size written in an address, or null. */
export function addressPageSize(search: string): number | null {
  const size = Number(new URLSearchParams(search).get(SIZE_PARAM));
  return PAGE_SIZES.includes(size) ? size : null;
}

/** The address query of filters and an optional page size. */
export function formatListAddress<S extends FilterSchema>(
  codec: FilterCodec<S>,
  filters: v.InferOutput<S>,
  size: number | null,
): string {
  const query = codec.format(filters);
  if (size === null) return query;
  return query === "" ? `${SIZE_PARAM}=${size}` : `${query}&${SIZE_PARAM}=${size}`;
}

/** What a list screen reads from and writes to the address. */
export interface ListAddress<S extends FilterSchema> {
  filters: v.InferOutput<S>;
  /** The page size: the address's, else the one remembered for this screen. */
  pageSize: number;
  /** The query string as it is now (changes on every new search, back and forward). */
  search: string;
  /** Goes to these filters (a new history entry, so back returns to the previous search). */
  go(filters: v.InferOutput<S>): void;
  /** Chooses a page size: remembered for the screen and written into the address. */
  setPageSize(size: number): void;
}

/**
 * A list screen's filters in the address (issue 13): parsed with the screen's codec, so a
 * copied link reproduces the view and back/forward walk through earlier searches. The page
 * size is remembered per screen (spec §9 "the chosen size is stored locally").
 */
export function useListAddress<S extends FilterSchema>(screen: string, codec: FilterCodec<S>): ListAddress<S> {
  const [path] = useHashPath();
  const search = useHashSearch();
  const [remembered, remember] = useRememberedPageSize(`${PAGE_SIZE_STORAGE_KEY}:${screen}`);
  const filters = useMemo(() => codec.parse(search), [codec, search]);
  const inAddress = addressPageSize(search);
  return {
    filters,
    pageSize: inAddress ?? remembered,
    search,
    go: (next) => navigateHash(`${path}?${formatListAddress(codec, next, inAddress)}`),
    setPageSize: (size) => {
      remember(size);
      navigateHash(`${path}?${formatListAddress(codec, filters, size)}`);
    },
  };
}
