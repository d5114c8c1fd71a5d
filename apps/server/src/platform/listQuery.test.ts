import { PGlite } from "@electric-sql/pglite";
import { type Generated, Kysely, PGliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../http/envelope";
import {
  countOf,
  firstRows,
  keysetBatches,
  keysetPage,
  numberedPage,
  type Order,
  type Scope,
  UNPAGED_MAX,
  where,
} from "./listQuery";

interface TestDb {
  item: { id: Generated<number>; tenant_id: number; name: string; code: string; score: number; note: string | null };
}

let db: Kysely<TestDb>;
// Names with LIKE's wildcards, so a search for "50%" must not match "500".
const ROWS = [
  { tenant_id: 1, name: "甲 50% 折扣", code: "A1", score: 10 },
  { tenant_id: 1, name: "乙 500", code: "B_2", score: 20 },
  { tenant_id: 1, name: "丙 a_b", code: "C3", score: 30 },
  { tenant_id: 1, name: "丁 axb", code: "D4", score: 40 },
  { tenant_id: 2, name: "戊 50% 折扣", code: "E5", score: 50 },
  { tenant_id: 3, name: "己 back\\slash", code: "F6", score: 60 },
];

beforeAll(async () => {
  db = new Kysely<TestDb>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
  await db.schema
    .createTable("item")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull())
    // Null on every row but 甲's: an empty search field must not hide rows whose column is null.
    .addColumn("note", "text")
    .execute();
  await db.insertInto("item").values(ROWS).execute();
  await db.updateTable("item").set({ note: "备注" }).where("code", "=", "A1").execute();
});
afterAll(() => db.destroy());

const tenants = (...tenantIds: number[]) => ({ tenantIds });
const ORDER: Order<TestDb, "item"> = { order: ["id"], sortable: { score: "score", code: "item.code" } };
const names = (rows: { name: string }[]) => rows.map((r) => r.name.charAt(0));
const items = () => db.selectFrom("item");
const pick = (q: ReturnType<typeof items>) => q.select(["id", "name"]);
const search = async (text: string) =>
  names((await numberedPage(where(items(), { filters: (f) => [f.contains("name", text)] }), {}, ORDER, pick)).list);
const count = (filters: Scope<TestDb, "item">["filters"]) => countOf(where(items(), { filters }));

describe("list query: tenant scope and filters", () => {
  it("keeps only the caller's tenants; no tenants sees nothing", async () => {
    expect(await countOf(where(items(), { tenant: ["item.tenant_id", tenants(1, 3)] }))).toBe(5);
    expect(await countOf(where(items(), { tenant: ["item.tenant_id", tenants()] }))).toBe(0);
  });

  it("matches substrings case-insensitively with wildcards taken literally", async () => {
    expect(await search("50%")).toEqual(["甲", "戊"]);
    expect(await search("a_b")).toEqual(["丙"]);
    expect(await search("\\")).toEqual(["己"]);
    expect(await search("AXB")).toEqual(["丁"]);
  });

  it("skips absent values: undefined, null and the empty string", async () => {
    const q = where(items(), {
      tenant: ["item.tenant_id", tenants(1)],
      filters: (f) => [f.exact("code", ""), f.exact("score", undefined), f.contains("name", null), f.oneOf("id", [])],
    });
    expect(await countOf(q)).toBe(4);
    // Found by mutation testing: an absent value must add no condition at all, not a
    // match-everything one (ilike '%%' is false on a null column), and not an SQL error.
    expect(
      await count((f) => [
        f.contains("note", ""),
        f.keyword(["note", "name"], ""),
        f.keyword(["note"], undefined),
        f.exact("note", null),
        f.oneOf("id", undefined),
        f.range("score", undefined, undefined),
        f.isNull("note", false),
        f.isNull("note", undefined),
      ]),
    ).toBe(ROWS.length);
  });

  it('keeps only rows whose column is null when asked (an "only the unbound ones" checkbox)', async () => {
    expect(await count((f) => [f.isNull("note", true)])).toBe(ROWS.length - 1);
  });

  it("combines exact, one-of, range and keyword conditions", async () => {
    expect(await count((f) => [f.exact("code", "B_2")])).toBe(1);
    expect(await count((f) => [f.oneOf("code", ["A1", "C3", "nope"])])).toBe(2);
    expect(await count((f) => [f.range("score", 20, 40)])).toBe(3);
    expect(await count((f) => [f.range("score", undefined, 20)])).toBe(2);
    expect(await count((f) => [f.range("score", 55, undefined)])).toBe(1);
    // Keyword: name OR code, and-ed with the other conditions.
    expect(await count((f) => [f.keyword(["name", "code"], "_2")])).toBe(1);
    expect(await count((f) => [f.keyword(["name", "code"], "50"), f.range("score", 0, 20)])).toBe(2);
  });
});

describe("list query: order and numbered pages", () => {
  it("answers a page and the total of every match", async () => {
    const q = where(items(), { tenant: ["item.tenant_id", tenants(1, 2)] });
    const page = await numberedPage(q, { pageNum: 2, pageSize: 2 }, ORDER, pick);
    expect(page.total).toBe(5);
    expect(names(page.list)).toEqual(["丙", "丁"]);
    const last = await numberedPage(q, { pageNum: 3, pageSize: 2 }, ORDER, pick);
    expect(names(last.list)).toEqual(["戊"]);
    expect(last.total).toBe(5);
  });

  it("sorts by a whitelisted key, either way, then by the default order", async () => {
    const desc = await numberedPage(items(), { sortBy: "score", desc: true, pageSize: 3 }, ORDER, pick);
    expect(names(desc.list)).toEqual(["己", "戊", "丁"]);
    const asc = await numberedPage(items(), { sortBy: "code" }, ORDER, pick);
    expect(names(asc.list)).toEqual(["甲", "乙", "丙", "丁", "戊", "己"]);
  });

  it("answers an unknown sort key with a 400 naming the keys offered, not an SQL error", async () => {
    const attempt = numberedPage(items(), { sortBy: "name; drop table item", field: "orderBy" }, ORDER, pick);
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    const error = (await attempt.catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.failDetail).toEqual([
      { field: "orderBy", msg: "orderBy：不支持按“name; drop table item”排序（可选：score、code）" },
    ]);
    // Keys of Object.prototype are not sort keys either.
    await expect(numberedPage(items(), { sortBy: "toString" }, ORDER, pick)).rejects.toBeInstanceOf(ApiError);
    await expect(numberedPage(items(), { sortBy: "score" }, { order: ["id"] }, pick)).rejects.toThrow(ApiError);
    expect(await countOf(items())).toBe(ROWS.length);
    // A list without sort keys says so, under the default field name.
    const none = (await numberedPage(items(), { sortBy: "score" }, { order: ["id"] }, pick).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(none.failDetail).toEqual([{ field: "sortBy", msg: "sortBy：该列表不支持排序" }]);
  });

  it("takes an empty sort key as none: the default order", async () => {
    const page = await numberedPage(items(), { sortBy: "", desc: true }, ORDER, pick);
    expect(names(page.list)).toEqual(["甲", "乙", "丙", "丁", "戊", "己"]);
  });
});

describe("list query: an unpaged list", () => {
  it("answers the first UNPAGED_MAX rows in order and the total of every match, so more rows are said to exist", async () => {
    const many = Array.from({ length: UNPAGED_MAX + 5 }, (_, i) => ({
      tenant_id: 9,
      name: `批量${String(i).padStart(3, "0")}`,
      code: `Z${i}`,
      score: i,
    }));
    await db.insertInto("item").values(many).execute();
    try {
      const q = where(items(), { tenant: ["item.tenant_id", tenants(9)] });
      const first = await firstRows(q, ORDER, pick, (r) => r.name);
      expect(first.total).toBe(UNPAGED_MAX + 5);
      expect(first.list).toEqual(many.slice(0, UNPAGED_MAX).map((r) => r.name));
      const few = await firstRows(where(items(), { filters: (f) => [f.exact("code", "Z3")] }), ORDER, pick);
      expect(few).toMatchObject({ total: 1, list: [{ name: "批量003" }] });
    } finally {
      await db.deleteFrom("item").where("tenant_id", "=", 9).execute();
    }
  });
});

describe("list query: keyset", () => {
  it("walks after the last key, either direction", async () => {
    const first = await keysetPage(items(), { column: "id", after: null, limit: 2 }, pick);
    expect(names(first)).toEqual(["甲", "乙"]);
    const next = await keysetPage(items(), { column: "id", after: first.at(-1)?.id ?? 0, limit: 2 }, pick);
    expect(names(next)).toEqual(["丙", "丁"]);
    const back = await keysetPage(items(), { column: "id", desc: true, after: 3, limit: 5 }, pick);
    expect(names(back)).toEqual(["乙", "甲"]);
  });

  it("yields every row once, in batches, also when the last batch is full", async () => {
    for (const batch of [2, 3, 4, 100]) {
      const seen: string[] = [];
      let queries = 0;
      const counted = (q: ReturnType<typeof items>) => {
        queries += 1;
        return pick(q);
      };
      for await (const rows of keysetBatches(items(), { column: "id", batch, keyOf: (r) => r.id }, counted)) {
        expect(rows.length).toBeLessThanOrEqual(batch);
        expect(rows.length).toBeGreaterThan(0);
        seen.push(...names(rows));
      }
      expect(seen).toEqual(["甲", "乙", "丙", "丁", "戊", "己"]);
      // A short batch is the last: no query after it; after a full one, one more finds nothing.
      expect(queries, `batch ${batch}`).toBe(Math.floor(ROWS.length / batch) + 1);
    }
  });
});
