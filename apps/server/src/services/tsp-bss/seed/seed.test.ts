import { isVinCheckDigitValid } from "@tsp/domain";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../db/database";
import { migrateToLatest } from "../../../db/migrate";
import { loadDocuments } from "../../../openapi/documents";
import { listOperations } from "../../../openapi/operations";
import { seedIfEmpty } from "../../../seed/seed";
import { serviceModules } from "../../index";
import { editProblem } from "../ner/editSchemas";
import { creditCodeCheckChar } from "../ner/rules";
import type { NerGroup } from "../tables";
import { luhnDigit } from "./identifiers";

const operations = listOperations(loadDocuments());
const NOW = new Date("2025-03-14T08:00:00Z");

/** Seeds a fresh in-memory database and reads back the business tables, in a stable order. */
async function seededDump() {
  const { db, close } = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>, serviceModules);
    await seedIfEmpty({ db, now: () => NOW }, serviceModules, operations, {
      sizes: { vehiclesPerTenant: 4, journalPerVehicle: 1 },
    });
    return {
      vehicles: await db
        .selectFrom("vehicle")
        .select(["vin", "tenant_id", "iccid", "model_id", "tbox_sn", "owner_name", "sold", "aebs", "alarm_level"])
        .orderBy("vin")
        .execute(),
      sims: await db.selectFrom("bss_sim_card").selectAll().orderBy("iccid").execute(),
      records: await db.selectFrom("ner_record").selectAll().orderBy("vin").orderBy("grp").execute(),
      dealers: await db.selectFrom("bss_dealer").selectAll().orderBy("code").execute(),
      units: await db.selectFrom("bss_credit_unit").selectAll().orderBy("code").execute(),
      machinery: await db.selectFrom("bss_machinery").selectAll().orderBy("vin").execute(),
      realname: await db.selectFrom("bss_realname").selectAll().orderBy("iccid").execute(),
      monitor: await db.selectFrom("ner_monitor").selectAll().orderBy("vin").orderBy("type").execute(),
      jsatl: await db.selectFrom("jsatl_terminal").selectAll().orderBy("vin").execute(),
      fuel: await db.selectFrom("fuel_alert").selectAll().orderBy("id").execute(),
    };
  } finally {
    await close();
  }
}

describe("the business demo data", () => {
  it("is the same on every machine and passes the contract's own rules", async () => {
    const first = await seededDump();
    const second = await seededDump();
    expect(second).toEqual(first);

    expect(first.vehicles.every((v) => isVinCheckDigitValid(v.vin))).toBe(true);
    for (const s of first.sims) {
      expect(s.iccid).toMatch(/^8986\d{16}$/);
      expect(luhnDigit(s.iccid.slice(0, 19))).toBe(s.iccid.charAt(19));
    }
    for (const u of first.units) expect(creditCodeCheckChar(u.code.slice(0, 17))).toBe(u.code.charAt(17));
    // Every stored group would pass an edit: same schema as update/<group> in openapi/.
    for (const r of first.records) {
      const data = typeof r.data === "string" ? JSON.parse(r.data) : r.data;
      expect(editProblem(r.grp as NerGroup, { vin: r.vin, ...data }), `${r.vin} ${r.grp}`).toBeNull();
    }
    // Each bound card is its vehicle's ICCID; every vehicle has a T-BOX serial of its own.
    for (const v of first.vehicles) expect(first.sims.find((s) => s.vin === v.vin)?.iccid).toBe(v.iccid);
    expect(new Set(first.vehicles.map((v) => v.tbox_sn)).size).toBe(first.vehicles.length);
    expect(first.sims.some((s) => s.vin === null)).toBe(true);
  }, 150_000);
});
