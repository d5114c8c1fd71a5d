import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenants, seesTenant } from "./principal";

/** The tenant filter every query on tenant-owned rows goes through, on a real (in-memory) database. */
interface TestDb {
  vehicle: { vin: string; tenant_id: number };
}

let db: Kysely<TestDb>;
beforeAll(async () => {
  db = new Kysely<TestDb>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
  await db.schema
    .createTable("vehicle")
    .addColumn("vin", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .execute();
  await db
    .insertInto("vehicle")
    .values([
      { vin: "V1", tenant_id: 1 },
      { vin: "V2", tenant_id: 2 },
      { vin: "V3", tenant_id: 3 },
    ])
    .execute();
});
afterAll(() => db.destroy());

const visible = async (tenantIds: number[]) =>
  (
    await db
      .selectFrom("vehicle")
      .select("vin")
      .where(inTenants("vehicle.tenant_id", { tenantIds }))
      .orderBy("vin")
      .execute()
  ).map((r) => r.vin);

describe("a principal's tenants", () => {
  it("narrow a query to the rows of those tenants", async () => {
    expect(await visible([1])).toEqual(["V1"]);
    expect(await visible([1, 3])).toEqual(["V1", "V3"]);
    expect(await visible([4])).toEqual([]);
  });

  it("narrow it to nothing when there are none (not to everything, and not to an SQL error)", async () => {
    expect(await visible([])).toEqual([]);
  });

  it("tell whether one row's tenant is visible", () => {
    expect(seesTenant({ tenantIds: [1, 3] }, 3)).toBe(true);
    expect(seesTenant({ tenantIds: [1, 3] }, 2)).toBe(false);
    expect(seesTenant({ tenantIds: [] }, 1)).toBe(false);
  });
});
