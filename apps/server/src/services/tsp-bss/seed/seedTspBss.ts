import type { Insertable } from "kysely";
import { sql } from "kysely";
import type { Rng } from "../../../seed/rng";
import type { SeedContext, SeedSizes } from "../../types";
import type { NerChangeLogTable, NerRecordTable, RealnameTable, SimCardTable } from "../tables";
import { iotMsisdn, maskName } from "./identifiers";
import { seedMonitor } from "./monitor";
import { type Editor, pushNerRecords } from "./nerRecords";
import { editorsOf, fleetRng, insertNevFleet } from "./nevFleet";
import { COMPANIES, DAY, person } from "./people";
import { seedReference } from "./reference";
import { MODELS, NER_MODELS, PROVIDERS } from "./referenceData";
import { seedTenantLookups } from "./tenantLookups";

/**
 * tsp-bss demo data: the shared reference data, then per tenant dealers, stations, pick-up
 * points, operating units, SIM cards (the platform vehicles' bound cards plus free ones),
 * machinery, the vehicles' place in the brand tree, T-BOX serials, owners, the four
 * master-data groups (most vehicles filled, some groups left empty), change logs, the
 * monitoring list and real-name states. Only `rng` and `ctx.now` vary it.
 */
export async function seedTspBss(ctx: SeedContext, rng: Rng, sizes: SeedSizes): Promise<void> {
  const { db } = ctx;
  const now = ctx.now.getTime();
  // One rng stream in a fixed order (reference, tenants, vehicles): the demo set stays the same.
  const modelIds = await seedReference(db);
  await seedTenantLookups(ctx, rng, sizes);

  // The filed new-energy fleet (no journal) draws from its own generator: the main stream stays as it was.
  const fleetDraws = fleetRng();
  const fleet = await insertNevFleet(ctx, fleetDraws, sizes);
  // Per-vehicle rows are collected, then written in chunks: the seed stays fast at scale.
  const plates = new Map(
    (await db.selectFrom("vehicle").select(["vin", "plate"]).execute()).map((r) => [r.vin, r.plate]),
  );
  const units = new Map<number, { name: string; code: string }[]>();
  for (const u of await db
    .selectFrom("bss_credit_unit")
    .select(["tenant_id", "name", "code"])
    .orderBy("code")
    .execute())
    units.set(u.tenant_id, [...(units.get(u.tenant_id) ?? []), { name: u.name, code: u.code }]);
  const rows: VehicleRows = { vehicles: [], sims: [], realname: [], records: [], logs: [] };
  const each = (draws: Rng, i: number, v: (typeof ctx.vehicles)[number]) =>
    collectVehicle(draws, now, i, v, { modelIds, plates, units, editors: editorsOf(ctx, v.tenantId) }, rows);
  for (const [i, v] of ctx.vehicles.entries()) each(rng, i, v);
  for (const [j, v] of fleet.entries()) each(fleetDraws, ctx.vehicles.length + j, v);
  const { vehicles: vehicleRows, sims: simRows, realname: realnameRows, records: recordRows, logs: logRows } = rows;

  for (const chunk of chunks(vehicleRows)) await extendVehicles(db, chunk);
  for (const chunk of chunks(simRows)) {
    // A bound card wins over a free card that happened to draw the same ICCID.
    await db
      .insertInto("bss_sim_card")
      .values(chunk)
      .onConflict((oc) =>
        oc
          .column("iccid")
          .doUpdateSet((eb) => ({ vin: eb.ref("excluded.vin"), tenant_id: eb.ref("excluded.tenant_id") })),
      )
      .execute();
  }
  for (const chunk of chunks(realnameRows)) await db.insertInto("bss_realname").values(chunk).execute();
  for (const chunk of chunks(recordRows)) await db.insertInto("ner_record").values(chunk).execute();
  for (const chunk of chunks(logRows)) await db.insertInto("ner_change_log").values(chunk).execute();

  await seedMonitor(ctx, now);
}

/** The rows seeded per vehicle, collected before they are written in chunks. */
interface VehicleRows {
  vehicles: VehicleExtension[];
  sims: Insertable<SimCardTable>[];
  realname: Insertable<RealnameTable>[];
  records: Insertable<NerRecordTable>[];
  logs: Insertable<NerChangeLogTable>[];
}

/**
 * One vehicle's rows: its place in the brand tree and T-BOX, its bound SIM card and real-name
 * state, and (seven in eight vehicles) its master-data groups with their change logs. `i` makes
 * the T-BOX serial unique.
 */
function collectVehicle(
  rng: Rng,
  now: number,
  i: number,
  v: { vin: string; tenantId: number; iccid: string },
  lookups: {
    modelIds: Awaited<ReturnType<typeof seedReference>>;
    plates: Map<string, string | null>;
    units: Map<number, { name: string; code: string }[]>;
    editors: readonly Editor[];
  },
  rows: VehicleRows,
): void {
  const model = rng.pick(MODELS);
  const provider = rng.pick(PROVIDERS);
  const nerModelId = lookups.modelIds[model.nerModel] ?? null;
  const nerModel = NER_MODELS[model.nerModel];
  const sn = `${provider.snPrefix}${String(2400000 + i * 7 + rng.int(0, 6)).padStart(8, "0")}`;
  const plate = lookups.plates.get(v.vin) ?? null;
  rows.vehicles.push({
    vin: v.vin,
    model_id: model.id,
    vehicle_model_id: nerModelId,
    tbox_sn: sn,
    owner_name: rng.next() < 0.7 ? maskName(person(rng)) : null,
    sold: rng.next() < 0.7,
    aebs: rng.next() < 0.4,
    alarm_level: rng.pick([0, 0, 0, 1, 1, 2, 3]),
  });
  const carrier = v.iccid.startsWith("898603") || v.iccid.startsWith("898611") ? "CTCC" : "CMCC";
  const msisdn = iotMsisdn(rng, carrier);
  rows.sims.push({ iccid: v.iccid, tenant_id: v.tenantId, msisdn, carrier, vin: v.vin });
  // Real-name state of the bound card: most approved, some pending or rejected, a few never started.
  const state = rng.pick(["approved", "approved", "approved", "pending", "rejected", "unauthenticated"] as const);
  if (state !== "unauthenticated") {
    const company = rng.next() < 0.3;
    rows.realname.push({
      iccid: v.iccid,
      tenant_id: v.tenantId,
      owner_name: company ? rng.pick(COMPANIES) : maskName(person(rng)),
      owner_type: company ? "company" : "person",
      status: state,
      auth_time: now - rng.int(1, 300) * DAY,
    });
  }
  if (i % 8 === 7) return; // a vehicle whose master data was never filed
  pushNerRecords(
    rng,
    now,
    {
      vin: v.vin,
      tenantId: v.tenantId,
      iccid: v.iccid,
      plate,
      sn,
      msisdn,
      providerName: provider.name,
      nerModel,
      units: lookups.units.get(v.tenantId) ?? [],
      editors: lookups.editors,
    },
    rows.records,
    rows.logs,
  );
}

/** The columns tsp-bss adds to a vehicle, as the seed fills them. */
interface VehicleExtension {
  vin: string;
  model_id: number;
  vehicle_model_id: number | null;
  tbox_sn: string;
  owner_name: string | null;
  sold: boolean;
  aebs: boolean;
  alarm_level: number;
}

/** Slices of at most 500 rows (a few thousand bind parameters per statement). */
function* chunks<T>(rows: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** One UPDATE … FROM (VALUES …) for a chunk of vehicles instead of one statement each. */
async function extendVehicles(db: SeedContext["db"], rows: readonly VehicleExtension[]): Promise<void> {
  const values = rows.map(
    (r) =>
      sql`(${r.vin}::varchar, ${r.model_id}::integer, ${r.vehicle_model_id}::integer, ${r.tbox_sn}::varchar, ${r.owner_name}::text, ${r.sold}::boolean, ${r.aebs}::boolean, ${r.alarm_level}::smallint)`,
  );
  await sql`update vehicle as v set model_id = x.model_id, vehicle_model_id = x.vehicle_model_id, tbox_sn = x.tbox_sn,
      owner_name = x.owner_name, sold = x.sold, aebs = x.aebs, alarm_level = x.alarm_level
    from (values ${sql.join(values)}) as x(vin, model_id, vehicle_model_id, tbox_sn, owner_name, sold, aebs, alarm_level)
    where v.vin = x.vin`.execute(db);
}
