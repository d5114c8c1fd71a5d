import { carrierOfIccid } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import type { Actor } from "../actor";
import type { NerGroup } from "../tables";
import { GROUPS, labelOf } from "./groups";
import "../tables";

/** One changed field of a change log entry (openapi ChangeLogEntry.changes). */
export interface FieldChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of a group whose values differ (old null when the group was never filled). */
export function diff(
  group: NerGroup,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): FieldChange[] {
  return GROUPS[group].fields
    .filter((f) => !same(before?.[f.field], after[f.field]))
    .map((f) => ({
      field: f.field,
      label: labelOf(group, f.field),
      before: before?.[f.field] ?? null,
      after: after[f.field] ?? null,
    }));
}

/** Rows per statement of a batched save (a few thousand bind parameters). */
const CHUNK = 500;

/** One record to save: the vehicle, its tenant and the validated Edit body. */
export interface GroupSave {
  vin: string;
  tenantId: number;
  edit: Record<string, unknown>;
}

/**
 * Saves one group of many vehicles inside the caller's transaction (an import's valid rows,
 * or one edit): replaces each record, appends a change log entry with the differing fields
 * (none written when nothing changed), and keeps the vehicle's own columns in step (plate;
 * T-BOX serial, ICCID and the SIM card binding), with the vehicles locked (SELECT … FOR UPDATE)
 * for the rest of the transaction. Reads and writes in chunks, so an import of
 * thousands of rows costs a few statements per 500 rows. The caller has validated every edit
 * (schema and {@link groupProblem}). Answers how many records changed.
 */
export async function saveGroups(
  trx: Kysely<Database>,
  group: NerGroup,
  items: readonly GroupSave[],
  actor: Actor,
  nowMs: number,
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK);
    // Every writer of a vehicle's groups locks the vehicle first (in VIN order, so two imports
    // cannot deadlock): an edit's version check (updates.ts) then never races an import's write.
    // One primary-key lookup per VIN, in the sorted array's order (LATERAL … LIMIT 1 runs them
    // one by one): an IN list was planned as a scan of every vehicle while the table's statistics
    // lagged a bulk load — ~21 ms a chunk of 500, 4–5 s of a 100,000-row import (BENCHMARKS.md).
    const vins = chunk.map((c) => c.vin).toSorted();
    await sql`select v.vin from unnest(${vins}::varchar[]) as x(vin)
      cross join lateral (select vin from vehicle where vin = x.vin limit 1 for update) as v`.execute(trx);
    const old = await trx
      .selectFrom("ner_record")
      .select(["vin", "data"])
      .where("grp", "=", group)
      .where(
        "vin",
        "in",
        chunk.map((c) => c.vin),
      )
      .execute();
    const before = new Map(
      old.map((o) => [o.vin, (typeof o.data === "string" ? JSON.parse(o.data) : o.data) as Record<string, unknown>]),
    );
    const saves: { item: GroupSave; data: Record<string, unknown>; changes: FieldChange[] }[] = [];
    for (const item of chunk) {
      const data: Record<string, unknown> = {};
      for (const f of GROUPS[group].fields) data[f.field] = item.edit[f.field] ?? null;
      const prior = before.get(item.vin) ?? null;
      const changes = diff(group, prior, data);
      if (prior && changes.length === 0) continue;
      saves.push({ item, data, changes });
    }
    if (saves.length === 0) continue;
    changed += saves.length;
    // Each statement binds the chunk as ONE jsonb parameter read by jsonb_to_recordset, not a
    // VALUES list of 3–7 parameters a row: 500-row statements parse, bind and plan in a fraction
    // of the time (the import's save was ~65 % of a 100k-row import; BENCHMARKS.md "Import").
    // The version strictly grows (two saves in one millisecond still differ): updateTime is what an edit sends back.
    const records = JSON.stringify(saves.map((s) => ({ vin: s.item.vin, tenant_id: s.item.tenantId, data: s.data })));
    await sql`insert into ner_record (vin, grp, tenant_id, data, update_by, update_name, update_time)
      select x.vin, ${group}, x.tenant_id, x.data, ${actor.updateBy}, ${actor.updateName}, ${nowMs}::bigint
      from jsonb_to_recordset(${records}::jsonb) as x(vin varchar, tenant_id integer, data jsonb)
      on conflict (vin, grp) do update set
        data = excluded.data, update_by = excluded.update_by, update_name = excluded.update_name,
        update_time = greatest(excluded.update_time, ner_record.update_time + 1)`.execute(trx);
    const logs = JSON.stringify(
      saves.map((s) => ({ vin: s.item.vin, tenant_id: s.item.tenantId, changes: s.changes })),
    );
    // WITH ORDINALITY keeps the entries' ids in the chunk's order, as a VALUES list did.
    await sql`insert into ner_change_log (tenant_id, vin, grp, changes, update_by, update_name, update_time)
      select x.tenant_id, x.vin, ${group}, x.changes, ${actor.updateBy}, ${actor.updateName}, ${nowMs}::bigint
      from rows from (jsonb_to_recordset(${logs}::jsonb) as (vin varchar, tenant_id integer, changes jsonb))
        with ordinality as x(vin, tenant_id, changes, n)
      order by x.n`.execute(trx);
    if (group === "vehicleInfo") {
      const plates = JSON.stringify(
        saves.map((s) => ({ vin: s.item.vin, plate: (s.data.plateNo as string | null) ?? null })),
      );
      await sql`update vehicle as v set plate = x.plate
        from jsonb_to_recordset(${plates}::jsonb) as x(vin varchar, plate text)
        where v.vin = x.vin`.execute(trx);
    }
    if (group === "terminalInfo") {
      for (const s of saves) await bindTerminal(trx, s.item.vin, s.item.tenantId, s.data);
    }
  }
  return changed;
}

/** Saves one group of one vehicle (an edit); true when something changed. */
export async function saveGroup(
  trx: Kysely<Database>,
  target: { vin: string; tenantId: number; group: NerGroup },
  edit: Record<string, unknown>,
  actor: Actor,
  nowMs: number,
): Promise<boolean> {
  return (
    (await saveGroups(trx, target.group, [{ vin: target.vin, tenantId: target.tenantId, edit }], actor, nowMs)) > 0
  );
}

/** The T-BOX serial and SIM card of a saved terminal record become the vehicle's. */
async function bindTerminal(trx: Kysely<Database>, vin: string, tenantId: number, data: Record<string, unknown>) {
  const iccid = String(data.iccid);
  const msisdn = (data.msisdn as string | null) ?? null;
  await trx.updateTable("bss_sim_card").set({ vin: null }).where("vin", "=", vin).where("iccid", "<>", iccid).execute();
  const carrier = carrierOfIccid(iccid) ?? "CMCC";
  await trx
    .insertInto("bss_sim_card")
    .values({ iccid, tenant_id: tenantId, msisdn, carrier, vin })
    .onConflict((oc) => oc.column("iccid").doUpdateSet({ vin, msisdn }))
    .execute();
  await trx
    .updateTable("vehicle")
    .set({ tbox_sn: String(data.tboxSn), iccid })
    .where("vin", "=", vin)
    .execute();
}
