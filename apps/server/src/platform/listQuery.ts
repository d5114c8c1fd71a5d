import { type Expression, type SelectQueryBuilder, type SqlBool, type StringReference, sql } from "kysely";
import { invalidField } from "../http/envelope";
import type { Principal } from "./principal";

/**
 * The one way a list handler filters, sorts and pages (numbered pages or keyset walks), so
 * every list of the server treats an empty field, a wildcard in a search box, a sort key and a
 * page the same way. Build the query's tables and joins, then hand it here:
 *
 * ```ts
 * const q = ctx.db.selectFrom("bss_dealer");
 * return numberedPage(
 *   where(q, { tenant: ["bss_dealer.tenant_id", principal], filters: (f) => [f.contains("name", query.dealerName)] }),
 *   query,
 *   { order: ["code"] },
 *   (q) => q.select(["code", "name"]),
 * );
 * ```
 */

/** Default rows per page (openapi CONVENTIONS.md "Numbered page"). */
export const DEFAULT_PAGE_SIZE = 10;

/** Maximum rows of an unpaged list (openapi tsp-bss: "unpaged lists … stop at 200 rows"). */
export const UNPAGED_MAX = 200;

/** `%…%` for a case-insensitive substring match, with LIKE's wildcards (`%`, `_`, `\`) escaped. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A filter value; `undefined`, `null` and `""` mean "not asked for" (an empty search field). */
type Value = string | number | boolean | null | undefined;
const absent = (v: Value | readonly Value[]): v is null | undefined | "" =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * Conditions over the query's tables (columns are checked by Kysely's types). Each answers
 * undefined when its value is absent, so a list of them is exactly the fields filled in.
 */
export interface Filters<DB, TB extends keyof DB> {
  /** `column = value`. */
  exact(column: StringReference<DB, TB>, value: Value): Expression<SqlBool> | undefined;
  /** `column in (values)`. */
  oneOf(
    column: StringReference<DB, TB>,
    values: readonly (string | number)[] | undefined,
  ): Expression<SqlBool> | undefined;
  /** Case-insensitive substring (`ilike '%text%'`, wildcards in the text matched literally). */
  contains(column: StringReference<DB, TB>, text: string | null | undefined): Expression<SqlBool> | undefined;
  /** Keyword search: the text is a substring of any of the columns. */
  keyword(
    columns: readonly StringReference<DB, TB>[],
    text: string | null | undefined,
  ): Expression<SqlBool> | undefined;
  /** `from <= column <= to`; either end may be absent. */
  range(
    column: StringReference<DB, TB>,
    from: number | undefined,
    to: number | undefined,
  ): Expression<SqlBool> | undefined;
  /** `column is null`, when `when` is true (a "only the unbound ones" checkbox). */
  isNull(column: StringReference<DB, TB>, when: boolean | undefined): Expression<SqlBool> | undefined;
}

const ref = (column: unknown) => sql.ref(column as string);
const ilike = (column: unknown, text: string) => sql<SqlBool>`${ref(column)} ilike ${containsPattern(text)}`;

function filtersOf<DB, TB extends keyof DB>(): Filters<DB, TB> {
  return {
    exact: (column, value) => (absent(value) ? undefined : sql<SqlBool>`${ref(column)} = ${value}`),
    oneOf: (column, values) =>
      values === undefined || values.length === 0 ? undefined : sql<SqlBool>`${ref(column)} in (${sql.join(values)})`,
    contains: (column, text) => (absent(text) ? undefined : ilike(column, text)),
    keyword: (columns, text) =>
      absent(text)
        ? undefined
        : sql<SqlBool>`(${sql.join(
            columns.map((c) => ilike(c, text)),
            sql` or `,
          )})`,
    range: (column, from, to) => {
      const parts = [
        from === undefined ? undefined : sql<SqlBool>`${ref(column)} >= ${from}`,
        to === undefined ? undefined : sql<SqlBool>`${ref(column)} <= ${to}`,
      ].filter((p) => p !== undefined);
      return parts.length === 0 ? undefined : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    },
    isNull: (column, when) => (when === true ? sql<SqlBool>`${ref(column)} is null` : undefined),
  };
}

/** What narrows a list: the caller's tenants, and the filled-in search fields. */
export interface Scope<DB, TB extends keyof DB> {
  /** The tenant column and who is asking: only rows of the principal's tenants (and sub-tenants). */
  tenant?: readonly [StringReference<DB, TB>, Pick<Principal, "tenantIds">];
  /** The conditions; absent ones (undefined) are skipped. Raw `sql<SqlBool>` conditions are fine too. */
  filters?: (f: Filters<DB, TB>) => readonly (Expression<SqlBool> | undefined)[];
}

/** The query narrowed by tenant and filters (all conditions and-ed). */
export function where<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  scope: Scope<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  const conditions: Expression<SqlBool>[] = [];
  if (scope.tenant) {
    const [column, principal] = scope.tenant;
    conditions.push(
      principal.tenantIds.length === 0
        ? sql<SqlBool>`false`
        : sql<SqlBool>`${ref(column)} in (${sql.join(principal.tenantIds)})`,
    );
  }
  for (const c of scope.filters?.(filtersOf<DB, TB>()) ?? []) if (c !== undefined) conditions.push(c);
  return conditions.reduce((acc, c) => acc.where(c), q);
}

/** One ordering term: a column, ascending, or `[column, "desc"]`. */
export type OrderTerm<DB, TB extends keyof DB> =
  | StringReference<DB, TB>
  | readonly [StringReference<DB, TB>, "asc" | "desc"];

/** How a list is ordered: a fixed order, or a sort key the caller picks from a whitelist. */
export interface Order<DB, TB extends keyof DB> {
  /** The order when no sort key is asked for; end it with a unique column so pages are stable. */
  order: readonly OrderTerm<DB, TB>[];
  /**
   * The sort keys the operation offers (its enum in openapi/), each a column. A key not in
   * this list answers 400, never an SQL error. The chosen key goes first, then `order`.
   */
  sortable?: Readonly<Record<string, StringReference<DB, TB>>>;
}

/** The caller's sort request (query or body); `field` names the parameter in a 400's failDetail. */
export interface SortRequest {
  sortBy?: string | undefined;
  desc?: boolean | undefined;
  field?: string;
}

/** The terms to order by, or a 400 `<field>：不支持按“x”排序（可选：…）` for a key outside the whitelist. */
export function orderTerms<DB, TB extends keyof DB>(
  order: Order<DB, TB>,
  sort: SortRequest = {},
): readonly OrderTerm<DB, TB>[] {
  if (absent(sort.sortBy) || sort.sortBy === undefined) return order.order;
  const keys = order.sortable ?? {};
  if (!Object.hasOwn(keys, sort.sortBy)) {
    const offered = Object.keys(keys);
    const why =
      offered.length === 0 ? "该列表不支持排序" : `不支持按“${sort.sortBy}”排序（可选：${offered.join("、")}）`;
    throw invalidField(sort.field ?? "sortBy", why);
  }
  const column = keys[sort.sortBy] as StringReference<DB, TB>;
  return [[column, sort.desc ? "desc" : "asc"], ...order.order];
}

function ordered<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, terms: readonly OrderTerm<DB, TB>[]) {
  return terms.reduce((acc, t) => {
    const [column, dir] = typeof t === "string" ? [t, "asc" as const] : (t as readonly [unknown, "asc" | "desc"]);
    return acc.orderBy(ref(column), dir);
  }, q);
}

/** A numbered page request (openapi "Numbered page"); the router has validated both bounds. */
export interface PageRequest {
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

/** pageNum/pageSize as SQL limit/offset. */
export function limitOffset(page: PageRequest): { limit: number; offset: number } {
  const size = page.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit: size, offset: ((page.pageNum ?? 1) - 1) * size };
}

/** A numbered page: the rows of page `pageNum` and the total count (openapi NumberedPage). */
export interface NumberedPage<R> {
  list: R[];
  total: number;
}

/**
 * Counts the filtered query and reads one page of it, ordered. `select` picks the columns
 * (and may join what only the page needs); the count runs without it. `map` turns a row into
 * the contract's item.
 */
export async function numberedPage<DB, TB extends keyof DB, O, R, T = R>(
  q: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest & SortRequest,
  order: Order<DB, TB>,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  map?: (row: R) => T,
): Promise<NumberedPage<T>> {
  const terms = orderTerms(order, page);
  const { limit, offset } = limitOffset(page);
  const [rows, total] = await Promise.all([
    ordered(select(q), terms).limit(limit).offset(offset).execute() as Promise<R[]>,
    countOf(q),
  ]);
  return { list: map ? rows.map(map) : (rows as unknown as T[]), total };
}

/**
 * An unpaged list (a call whose contract has no paging): the first {@link UNPAGED_MAX} rows in
 * order, and `total`, how many match — so an answer says when more exist instead of stopping
 * silently at the cap (the caller then narrows its filter).
 */
export async function firstRows<DB, TB extends keyof DB, O, R, T = R>(
  q: SelectQueryBuilder<DB, TB, O>,
  order: Order<DB, TB>,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  map?: (row: R) => T,
): Promise<{ list: T[]; total: number }> {
  const [rows, total] = await Promise.all([
    ordered(select(q), order.order).limit(UNPAGED_MAX).execute() as Promise<R[]>,
    countOf(q),
  ]);
  return { list: map ? rows.map(map) : (rows as unknown as T[]), total };
}

/** Rows of a filtered query (`count(*)`, a number on PGlite and PostgreSQL alike). */
export async function countOf<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = (await q.clearSelect().clearOrderBy().select(sql<number>`count(*)::int`.as("n")).executeTakeFirst()) as
    | { n: number | string }
    | undefined;
  return Number(row?.n ?? 0);
}

/** A keyset position: the query is ordered by `column` (unique) and continues after `after`. */
export interface Keyset<DB, TB extends keyof DB, K> {
  column: StringReference<DB, TB>;
  desc?: boolean;
  /** The key of the last row already read; null for the first page. */
  after: K | null;
  limit: number;
}

/** One keyset page, ordered by the key column: rows strictly after `after`, at most `limit`. */
export async function keysetPage<DB, TB extends keyof DB, O, R, K extends string | number>(
  q: SelectQueryBuilder<DB, TB, O>,
  keyset: Keyset<DB, TB, K>,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<R[]> {
  const { column, desc = false, after, limit } = keyset;
  const from = after === null ? q : q.where(sql<SqlBool>`${ref(column)} ${sql.raw(desc ? "<" : ">")} ${after}`);
  return (await ordered(select(from), [[column, desc ? "desc" : "asc"]])
    .limit(limit)
    .execute()) as R[];
}

/**
 * Every row of the query in batches of `batch`, walking the key column (flat memory whatever
 * the table's size): what an exporter's `rows` yields. `keyOf` reads the key of a row.
 */
export async function* keysetBatches<DB, TB extends keyof DB, O, R, K extends string | number>(
  q: SelectQueryBuilder<DB, TB, O>,
  keyset: Omit<Keyset<DB, TB, K>, "after" | "limit"> & { batch: number; keyOf: (row: R) => K },
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): AsyncGenerator<R[]> {
  let after: K | null = null;
  for (;;) {
    const rows: R[] = await keysetPage(q, { ...keyset, after, limit: keyset.batch }, select);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < keyset.batch) return;
    after = keyset.keyOf(rows.at(-1) as R);
  }
}
