import {
  type CursorPaging,
  type CursorPagingAction,
  canGoBack,
  cursorPageNumber,
  cursorQuery,
  initialCursorPaging,
  reduceCursorPaging,
} from "@tsp/domain";
import { isCancelled } from "@tsp/sdk";
import { useEffect, useReducer, useState } from "react";
import { getJournalPage } from "../../../api/tbox";
import type { JournalRow } from "../../../api/types";
import { isRunnable, type JournalAddress } from "./journalAddress";

/** What the journal table shows and can do. */
export interface JournalPages {
  /** False before a runnable query (the empty hint shows). */
  searched: boolean;
  rows: readonly JournalRow[];
  /** The answer's nextKey; {@link NEXT_KEY_PENDING} while the page loads. */
  nextKey: string | null;
  /** 1-based page number (depth of the cursor stack + 1). */
  page: number;
  canGoBack: boolean;
  loading: boolean;
  next(): void;
  back(): void;
}

/**
 * Stands for the nextKey while a page loads: the pager keeps its 下一页 (disabled while
 * loading) instead of announcing 已是最后一页 before the answer says so. Never sent.
 */
export const NEXT_KEY_PENDING = "(pending)";

type Action = CursorPagingAction | { type: "reset"; pageSize: number };

function reducer(state: CursorPaging, action: Action): CursorPaging {
  return action.type === "reset" ? initialCursorPaging(action.pageSize) : reduceCursorPaging(state, action);
}

/**
 * Row-key cursor paging of a journal with @tsp/domain's cursor stack (spec §2 "Paging uses a
 * row-key cursor"; issue 6 "and back, via the cursor stack"). A new query, page size or
 * `runToken` (查询 pressed again) resets to page 1 with rows cleared (spec §4 "rows reset,
 * page 1 loaded"). Each page load aborts the one before it.
 */
export function useJournalPages(address: JournalAddress, pageSize: number, runToken: number): JournalPages {
  const runnable = isRunnable(address);
  const { kind, vin, start, end, desc } = address;
  const [paging, dispatch] = useReducer(reducer, pageSize, initialCursorPaging);
  const [result, setResult] = useState<{ key: string; query: string; rows: readonly JournalRow[] } | null>(null);

  // A new query goes back to page 1 (adjusted while rendering, before any effect sees it).
  const query = JSON.stringify([kind, vin, start, end, desc, pageSize, runToken]);
  const [pagedQuery, setPagedQuery] = useState(query);
  let current = paging;
  if (pagedQuery !== query) {
    setPagedQuery(query);
    current = initialCursorPaging(pageSize);
    dispatch({ type: "reset", pageSize });
  }
  const { rowKey } = cursorQuery(current);
  const requestKey = runnable ? `${query}|${rowKey ?? ""}` : null;

  useEffect(() => {
    if (requestKey === null || start === null || end === null) return;
    const ac = new AbortController();
    getJournalPage(kind, { vin, startTime: start, endTime: end, reportTimeDesc: desc }, pageSize, rowKey, ac.signal)
      .then((page) => {
        setResult({ key: requestKey, query, rows: page.list });
        dispatch({ type: "loaded", nextKey: page.nextKey });
      })
      .catch((error: unknown) => {
        // A cancelled load was replaced by a newer one; other failures were toasted by the shell.
        if (isCancelled(error) || ac.signal.aborted) return;
        setResult({ key: requestKey, query, rows: [] });
        dispatch({ type: "loaded", nextKey: null });
      });
    return () => ac.abort();
  }, [requestKey, query, kind, vin, start, end, desc, pageSize, rowKey]);

  const loading = requestKey !== null && result?.key !== requestKey;
  return {
    searched: runnable,
    // Rows of an earlier query never show under a new one (spec §4 "rows reset").
    rows: result && result.query === query ? result.rows : [],
    // While a page loads its nextKey is not known yet: keep the pager as it was (disabled by
    // the screen) instead of announcing the last page.
    nextKey: loading ? NEXT_KEY_PENDING : current.nextKey,
    page: cursorPageNumber(current),
    canGoBack: canGoBack(current),
    loading,
    next: () => {
      if (!loading) dispatch({ type: "next" });
    },
    back: () => {
      if (!loading) dispatch({ type: "back" });
    },
  };
}
