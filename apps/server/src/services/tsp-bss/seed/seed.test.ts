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
import { FLEET_PER_DEMO_VEHICLE } from "./nevFleet";

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
      logs: await db
        .selectFrom("ner_change_log")
        .select(["vin", "grp", "changes", "update_by", "update_name", "update_time"])
        .orderBy("vin")
        .orderBy("grp")
        .orderBy("update_time")
        .execute(),
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

/** A jsonb column as PGlite or PostgreSQL hands it back (text or parsed). */
const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as Record<string, unknown>;

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

  it("files a fleet of new-energy vehicles whose groups keep the rules between fields and whose change logs replay to the records", async () => {
    const dump = await seededDump();
    // 4 demo vehicles per tenant (3 tenants, the sub-tenant 1) plus the filed fleet of 20 per demo vehicle.
    expect(dump.vehicles.length).toBe(4 + 4 + 1 + 4 * FLEET_PER_DEMO_VEHICLE);
    for (const r of dump.records) {
      const data = json(r.data);
      if (r.grp === "batteryInfo") {
        expect((data.packCodes as string[]).length, r.vin).toBe(data.packCount);
        for (const code of data.packCodes as string[])
          expect(code).toMatch(/^[0-9A-Z]{3}P[BE][0-9A-Z]{4}L[0-9A-Z]{2}\d{4}\d{8}$/);
      }
      if (r.grp === "driveInfo") {
        expect(Number(data.peakPower)).toBeGreaterThanOrEqual(Number(data.ratedPower));
        expect((data.motorCodes as string[]).length).toBeLessThanOrEqual(Number(data.motorCount));
      }
      if (r.grp === "vehicleInfo" && data.creditCode !== null) {
        const code = String(data.creditCode);
        expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code.charAt(17));
        expect(data.creditName).toBeTruthy();
      }
      // The log, replayed from empty in time order, ends at the record; its last editor is the record's.
      const logs = dump.logs.filter((l) => l.vin === r.vin && l.grp === r.grp);
      expect(logs.length, `${r.vin} ${r.grp}`).toBeGreaterThan(0);
      const replayed: Record<string, unknown> = {};
      for (const l of logs) {
        for (const c of json(l.changes) as unknown as { field: string; before: unknown; after: unknown }[]) {
          expect(c.before, `${r.vin} ${r.grp} ${c.field}`).toEqual(replayed[c.field] ?? null);
          replayed[c.field] = c.after;
        }
      }
      expect(replayed, `${r.vin} ${r.grp}`).toEqual(data);
      expect(logs.at(-1)?.update_by).toBe(r.update_by);
      expect(Number(logs.at(-1)?.update_time)).toBe(Number(r.update_time));
    }
    // Several entries per group for many vehicles, by several people.
    const perGroup = new Map<string, number>();
    for (const l of dump.logs) perGroup.set(`${l.vin} ${l.grp}`, (perGroup.get(`${l.vin} ${l.grp}`) ?? 0) + 1);
    expect([...perGroup.values()].filter((n) => n >= 3).length).toBeGreaterThan(dump.records.length / 4);
    expect(new Set(dump.logs.map((l) => l.update_by)).size).toBeGreaterThanOrEqual(5);
    // Most vehicles have all four groups, some only part of them.
    const groups = new Map<string, number>();
    for (const r of dump.records) groups.set(r.vin, (groups.get(r.vin) ?? 0) + 1);
    const full = [...groups.values()].filter((n) => n === 4).length;
    expect(full).toBeGreaterThan(dump.vehicles.length / 2);
    expect([...groups.values()].some((n) => n < 4)).toBe(true);
  }, 150_000);
});
