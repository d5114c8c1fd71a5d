/** Page sizes a table offers (platform-shell.md §9 "options 10, 20, 50, 100"). */
export const PAGE_SIZES: readonly number[] = [10, 20, 50, 100];
/** Default table page size (§9). */
export const DEFAULT_PAGE_SIZE = 10;
/** First page number (§3 "pageNum (from 1)"). */
export const FIRST_PAGE = 1;
/** Storage key of the remembered page size (§9 "the chosen size is stored locally"; the key is not shown, so designed). */
export const PAGE_SIZE_STORAGE_KEY = "wit-dashboard-page-size";

/** Numbered paging (§3 "Pagination: pageNum (from 1), pageSize, total"). */
export interface NumberedPaging {
  readonly pageNum: number;
  readonly pageSize: number;
  readonly total: number;
}

/** What may happen to numbered paging. */
export type NumberedPagingAction =
  | { readonly type: "goTo"; readonly pageNum: number }
  | { readonly type: "setPageSize"; readonly pageSize: number }
  | { readonly type: "loaded"; readonly total: number }
  | { readonly type: "filterChanged" };

/**
 * Reads the remembered page size (§9): a stored value that is one of {@link PAGE_SIZES} is
 * used, anything else (nothing stored, garbage, 30) gives the default 10.
 */
export function rememberedPageSize(stored: string | null): number {
  const n = Number(stored);
  return PAGE_SIZES.includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** Starting state: page 1 of nothing, at the remembered size. */
export function initialNumberedPaging(pageSize: number = DEFAULT_PAGE_SIZE): NumberedPaging {
  return { pageNum: FIRST_PAGE, pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE, total: 0 };
}

/** Number of pages for a total (at least 1, so an empty table shows "page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Numbered paging reducer: goTo clamps to 1..pages; a new page size (one of the options only)
 * restarts at page 1; a loaded total that leaves the current page beyond the last moves to the
 * last page; a filter change restarts at page 1 (§4 "rows reset, page 1 loaded").
 */
export function reduceNumberedPaging(state: NumberedPaging, action: NumberedPagingAction): NumberedPaging {
  switch (action.type) {
    case "goTo": {
      const last = pageCount(state.total, state.pageSize);
      const pageNum = Math.min(last, Math.max(FIRST_PAGE, Math.trunc(action.pageNum) || FIRST_PAGE));
      return { ...state, pageNum };
    }
    case "setPageSize":
      return PAGE_SIZES.includes(action.pageSize)
        ? { ...state, pageSize: action.pageSize, pageNum: FIRST_PAGE }
        : state;
    case "loaded": {
      const total = Math.max(0, action.total);
      return { ...state, total, pageNum: Math.min(state.pageNum, pageCount(total, state.pageSize)) };
    }
    case "filterChanged":
      return { ...state, pageNum: FIRST_PAGE };
  }
}
