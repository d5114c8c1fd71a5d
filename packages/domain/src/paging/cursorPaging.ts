/**
 * Cursor paging (platform-shell.md §2 "Paging uses a row-key cursor: the response gives a
 * nextKey and a next page is offered while it exists"; §3 "rowKey"). The spec only goes
 * forward; a stack of the row keys used lets an operator go back as well (issue 4).
 */
export interface CursorPaging {
  readonly pageSize: number;
  /** Row keys of the pages after the first, in order; the last one is the current page's. */
  readonly rowKeys: readonly string[];
  /** The nextKey of the current page's answer; null when it was the last page or not loaded. */
  readonly nextKey: string | null;
}

/** What may happen to cursor paging. */
export type CursorPagingAction =
  | { readonly type: "loaded"; readonly nextKey: string | null | undefined }
  | { readonly type: "next" }
  | { readonly type: "back" }
  | { readonly type: "filterChanged" };

/** Starting state: the first page, not loaded. */
export function initialCursorPaging(pageSize: number): CursorPaging {
  return { pageSize, rowKeys: [], nextKey: null };
}

/**
 * Cursor paging reducer: loaded records the answer's nextKey (an empty string counts as none);
 * next moves forward only while a nextKey exists; back returns to the previous page (its
 * nextKey is known again once reloaded); a filter change goes back to the first page.
 */
export function reduceCursorPaging(state: CursorPaging, action: CursorPagingAction): CursorPaging {
  switch (action.type) {
    case "loaded":
      return { ...state, nextKey: action.nextKey ? action.nextKey : null };
    case "next":
      return state.nextKey === null ? state : { ...state, rowKeys: [...state.rowKeys, state.nextKey], nextKey: null };
    case "back":
      return state.rowKeys.length === 0 ? state : { ...state, rowKeys: state.rowKeys.slice(0, -1), nextKey: null };
    case "filterChanged":
      return initialCursorPaging(state.pageSize);
  }
}

/** Query of the current page: rowKey absent on the first page (openapi/CONVENTIONS.md "Cursor page"). */
export function cursorQuery(state: CursorPaging): { pageSize: number; rowKey?: string } {
  const rowKey = state.rowKeys.at(-1);
  return rowKey === undefined ? { pageSize: state.pageSize } : { pageSize: state.pageSize, rowKey };
}

/** 1-based number of the current page. */
export function cursorPageNumber(state: CursorPaging): number {
  return state.rowKeys.length + 1;
}

/** The next-page control shows while a nextKey exists (§2, §9). */
export function canGoNext(state: CursorPaging): boolean {
  return state.nextKey !== null;
}

/** The back control shows after the first page. */
export function canGoBack(state: CursorPaging): boolean {
  return state.rowKeys.length > 0;
}
