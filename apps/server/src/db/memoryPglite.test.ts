import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newMemoryPglite } from "./memoryPglite";

// Each PGlite start takes seconds on a busy 2-core machine; the assertions are on contents, not time.
describe("newMemoryPglite", { timeout: 120_000 }, () => {
  let dir: string;
  const saved = process.env.TSP_PGLITE_TEMPLATE_DIR;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "tsp-template-test-"));
    process.env.TSP_PGLITE_TEMPLATE_DIR = dir;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TSP_PGLITE_TEMPLATE_DIR;
    else process.env.TSP_PGLITE_TEMPLATE_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the empty cluster once, and every later database starts from it empty and writable", async () => {
    const first = await newMemoryPglite();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+\.\d+\.\d+.*\.tar$/);
    const template = path.join(dir, files[0] as string);
    const size = statSync(template).size;
    await first.exec("create table t (x int); insert into t values (1)");

    const second = await newMemoryPglite();
    // The first database's writes are its own: the template is the cluster before them.
    const tables = await second.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    expect(tables.rows[0]?.n).toBe(0);
    await second.exec("create table t (x int); insert into t values (2), (3)");
    expect((await second.query<{ n: number }>("select count(*)::int as n from t")).rows[0]?.n).toBe(2);
    expect((await first.query<{ n: number }>("select count(*)::int as n from t")).rows[0]?.n).toBe(1);
    // Loading did not rewrite the file, and no partial file was left behind.
    expect(statSync(template).size).toBe(size);
    expect(readdirSync(dir)).toEqual(files);
    await first.close();
    await second.close();
  });

  it("replaces a damaged template with a good one", async () => {
    const [name] = readdirSync(dir);
    const template = path.join(dir, name as string);
    writeFileSync(template, "not a tar file");
    const db = await newMemoryPglite();
    expect((await db.query<{ one: number }>("select 1 as one")).rows[0]?.one).toBe(1);
    await db.close();
    expect(existsSync(template)).toBe(true);
    expect(statSync(template).size).toBeGreaterThan(1_000_000);
  });
});
