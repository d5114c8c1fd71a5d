import type { CursorPage, Envelope, NumberedPage } from "./envelope";

/**
 * The envelope's `data` of a resolved call: `unwrap(await sdk.GET(...))`. Failing answers have
 * already rejected in the runtime, so this only narrows the type.
 */
export function unwrap<T>(result: { data?: Envelope<T> | undefined }): T {
  return result.data?.data as T;
}

/** One cursor page request: gets the previous page's `nextKey` as `rowKey` (undefined first). */
export type CursorFetch<T> = (rowKey: string | undefined) => Promise<CursorPage<T> | undefined>;

/**
 * Walks a cursor-paged list (spec §2: rowKey in, nextKey out) page by page until `nextKey`
 * is absent. A repeated `nextKey` would loop forever, so it stops there too.
 *
 * ```ts
 * for await (const page of cursorPages((rowKey) =>
 *   sdk.GET("/tsp-hbase-proxy/vehicleLog/getLoginLog", { params: { query: { vin, startTime, endTime, rowKey } } }).then(unwrap)))
 * ```
 */
export async function* cursorPages<T>(fetchPage: CursorFetch<T>): AsyncGenerator<T[], void, undefined> {
  let rowKey: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage(rowKey);
    yield page?.list ?? [];
    const next = page?.nextKey;
    if (!next || seen.has(next)) return;
    seen.add(next);
    rowKey = next;
  }
}

/** One numbered page request: `pageNum` from 1. */
export type NumberedFetch<T> = (pageNum: number, pageSize: number) => Promise<NumberedPage<T> | undefined>;

/**
 * Walks a numbered list (pageNum from 1, pageSize, total). Spec §7/§9: loading stops once
 * pages passed × page size reaches the total — "exceeds" in the spec's words, but at equality
 * the next page could only be empty, so it stops there as well; it also stops on an empty page
 * (a total that shrank while walking).
 */
export async function* numberedPages<T>(
  fetchPage: NumberedFetch<T>,
  options: { pageSize?: number; firstPage?: number } = {},
): AsyncGenerator<T[], void, undefined> {
  const pageSize = options.pageSize ?? 10;
  for (let pageNum = options.firstPage ?? 1; ; pageNum++) {
    const page = await fetchPage(pageNum, pageSize);
    const list = page?.list ?? [];
    yield list;
    if (!list.length || !hasNextPage(pageNum, pageSize, Number(page?.total ?? 0))) return;
  }
}

/** The selector rule (spec §7): another page exists while pages passed × page size < total. */
export function hasNextPage(pagesPassed: number, pageSize: number, total: number): boolean {
  return pagesPassed * pageSize < total;
}

/** Flattens pages into rows: `for await (const row of items(cursorPages(...)))`. */
export async function* items<T>(pages: AsyncIterable<T[]>): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page;
}
