import {
  type CursorPaging,
  type CursorPagingAction,
  canGoBack,
  cursorPageNumber,
  cursorQuery,
  type FilterCodec,
  type FilterSchema,
  initialCursorPaging,
  reduceCursorPaging,
} from "@tsp/domain";
import { isCancelled } from "@tsp/sdk";
import type { ListPaging } from "@tsp/ui";
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import type * as v from "valibot";
import { useListAddress } from "./listAddress";

/** What a numbered list's loader gets. */
export interface NumberedLoad<F> {
  filters: F;
  pageNum: number;
  pageSize: number;
  signal: AbortSignal;
}

/** What a cursor list's loader gets (no rowKey on the first page). */
export interface CursorLoad<F> {
  filters: F;
  pageSize: number;
  rowKey: string | undefined;
  signal: AbortSignal;
}

interface Common<S extends FilterSchema, Row> {
  /** The screen's name: where its page size is remembered. */
  screen: string;
  /** The screen's filters (declared once; see @tsp/domain filterCodec). */
  filters: FilterCodec<S>;
  /**
   * Whether the filters may be searched; until then the pre-search hint shows and nothing is
   * asked (spec §5: the journal without VIN or range). Always, if not given.
   */
  ready?: (filters: v.InferOutput<S>) => boolean;
  /** Reload the page after this many ms while it returns a number (task lists: while a task runs). */
  poll?: (rows: readonly Row[]) => number | null;
}

/** Options of a numbered list (pageNum / pageSize / total). */
export interface NumberedListOptions<S extends FilterSchema, Row> extends Common<S, Row> {
  paging: "numbered";
  load: (q: NumberedLoad<v.InferOutput<S>>) => Promise<{ list: Row[]; total: number }>;
}

/** Options of a row-key cursor list (journals). */
export interface CursorListOptions<S extends FilterSchema, Row> extends Common<S, Row> {
  paging: "cursor";
  load: (q: CursorLoad<v.InferOutput<S>>) => Promise<{ list: Row[]; nextKey?: string | null }>;
}

/** What a list screen shows and does. */
export interface ListController<S extends FilterSchema, Row> {
  /** The filters of the address (what was searched). */
  filters: v.InferOutput<S>;
  /** Searches these filters: page 1, a new address; the same filters again reload page 1. */
  search(filters: v.InferOutput<S>): void;
  /** Reloads the page on screen (after an edit, import or delete). */
  reload(): void;
  /** False before the filters may run (the hint shows). */
  searched: boolean;
  rows: readonly Row[];
  loading: boolean;
  /** True when the last load failed (the shell toasted why). */
  failed: boolean;
  /** The pager's state and controls, for the kit's ListScreen. */
  paging: ListPaging;
  /** Changes with every new search: key the search form with it so it shows what was searched. */
  formKey: string;
}

interface Loaded<Row> {
  key: string;
  query: string;
  rows: readonly Row[];
  total: number;
  nextKey: string | null;
  failed: boolean;
}

type CursorAction = CursorPagingAction | { type: "reset"; pageSize: number };

function cursorReducer(state: CursorPaging, action: CursorAction): CursorPaging {
  return action.type === "reset" ? initialCursorPaging(action.pageSize) : reduceCursorPaging(state, action);
}

/**
 * The screen kit's list controller (issue 13; ra-core's useListController, simpler): the
 * filters live in the address, paging is the domain's numbered page or cursor stack, a new
 * search or page size goes back to page 1 with the old rows cleared (spec §4), every load
 * cancels the one before it, the page size is remembered per screen, loading and failure are
 * tracked, and a task list can poll while its tasks run.
 */
export function useListController<S extends FilterSchema, Row>(
  options: NumberedListOptions<S, Row> | CursorListOptions<S, Row>,
): ListController<S, Row> {
  const address = useListAddress(options.screen, options.filters);
  const { filters, pageSize } = address;
  const runnable = options.ready?.(filters) ?? true;
  const [runToken, setRunToken] = useState(0);
  const [pageNum, setPageNum] = useState(1);
  const [cursor, dispatch] = useReducer(cursorReducer, pageSize, initialCursorPaging);
  const [tick, setTick] = useState(0);
  const [result, setResult] = useState<Loaded<Row> | null>(null);

  // A new search, page size or 查询 again goes back to page 1 (adjusted while rendering, before any effect runs).
  const query = `${address.search}|${pageSize}|${runToken}`;
  const [pagedQuery, setPagedQuery] = useState(query);
  let page = pageNum;
  let current = cursor;
  if (pagedQuery !== query) {
    setPagedQuery(query);
    page = 1;
    setPageNum(1);
    current = initialCursorPaging(pageSize);
    dispatch({ type: "reset", pageSize });
  }
  const rowKey = cursorQuery(current).rowKey;
  const requestKey = runnable ? `${query}|${options.paging === "numbered" ? page : (rowKey ?? "")}` : null;
  const { load, paging: mode } = options;

  // The load reads its inputs from a ref: the request key names every one of them, so the
  // effect runs exactly when one changes (or a reload/poll ticks), not when `load` — a fresh
  // closure each render — does.
  const inputs = useRef({ load, mode, filters, page, pageSize, rowKey, query });
  useLayoutEffect(() => {
    inputs.current = { load, mode, filters, page, pageSize, rowKey, query };
  });
  useEffect(() => {
    // `tick` (a reload or poll) is never negative; reading it makes it a real input of this effect.
    if (requestKey === null || tick < 0) return;
    const { load: run, mode: kind, filters: f, page: p, pageSize: size, rowKey: key, query: q } = inputs.current;
    const ac = new AbortController();
    const done = (loaded: Omit<Loaded<Row>, "key" | "query">) => setResult({ key: requestKey, query: q, ...loaded });
    const call =
      kind === "numbered"
        ? (run as NumberedListOptions<S, Row>["load"])({
            filters: f,
            pageNum: p,
            pageSize: size,
            signal: ac.signal,
          }).then((pg) => done({ rows: pg.list, total: pg.total, nextKey: null, failed: false }))
        : (run as CursorListOptions<S, Row>["load"])({
            filters: f,
            pageSize: size,
            rowKey: key,
            signal: ac.signal,
          }).then((pg) => {
            done({ rows: pg.list, total: 0, nextKey: pg.nextKey || null, failed: false });
            dispatch({ type: "loaded", nextKey: pg.nextKey });
          });
    call.catch((error: unknown) => {
      // A cancelled load was replaced by a newer one; other failures were toasted by the shell.
      if (isCancelled(error) || ac.signal.aborted) return;
      done({ rows: [], total: 0, nextKey: null, failed: true });
      if (kind === "cursor") dispatch({ type: "loaded", nextKey: null });
    });
    return () => ac.abort();
  }, [requestKey, tick]);

  const loading = requestKey !== null && result?.key !== requestKey;
  // Rows of an earlier search never show under a new one (spec §4 "rows reset"); the page on
  // screen stays while the next page of the same search loads.
  const rows = result && result.query === query ? result.rows : [];

  // Polling: while `poll` asks for it, read the same page again (rows stay on screen meanwhile).
  const pollMs = result && result.key === requestKey ? (options.poll?.(result.rows) ?? null) : null;
  // Each answer starts the next wait: the loaded result is what restarts the timer.
  const loadedResult = result;
  useEffect(() => {
    if (pollMs === null || loadedResult === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), pollMs);
    return () => clearTimeout(timer);
  }, [pollMs, loadedResult]);

  const search = (next: v.InferOutput<S>) => {
    // The same filters again leave the address as it is: run page 1 again by hand (查询 reloads).
    if (options.filters.format(next) === options.filters.format(filters)) setRunToken((n) => n + 1);
    address.go(next);
  };

  const paging: ListPaging =
    mode === "numbered"
      ? {
          kind: "numbered",
          pageNum: page,
          pageSize,
          total: result?.query === query ? result.total : 0,
          onChange: (num, size) => {
            if (size !== pageSize) address.setPageSize(size);
            else setPageNum(num);
          },
        }
      : {
          kind: "cursor",
          page: cursorPageNumber(current),
          // While a page loads its nextKey is not known: keep 下一页 (disabled) rather than announce the last page.
          nextKey: loading ? "(pending)" : current.nextKey,
          canGoBack: canGoBack(current),
          onNext: () => {
            if (!loading) dispatch({ type: "next" });
          },
          onBack: () => {
            if (!loading) dispatch({ type: "back" });
          },
          pageSize,
          onPageSize: address.setPageSize,
        };

  return {
    filters,
    search,
    reload: () => setTick((n) => n + 1),
    searched: runnable,
    rows,
    loading,
    failed: result?.key === requestKey && result.failed,
    paging,
    formKey: address.search,
  };
}
