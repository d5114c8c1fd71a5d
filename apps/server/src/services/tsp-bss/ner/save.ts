import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { Actor } from "../actor";
import type { NerGroup } from "../tables";
import { GROUPS, labelOf } from "./groups";
import { carrierOfIccid } from "./rules";
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

/**
 * Saves one group of one vehicle inside the caller's transaction: replaces the record,
 * appends a change log entry with the differing fields (none written when nothing
 * changed), and keeps the vehicle's own columns in step (plate; T-BOX serial, ICCID and the
 * SIM card binding). The caller has validated `edit` (schema and {@link groupProblem}).
 */
export async function saveGroup(
  trx: Kysely<Database>,
  target: { vin: string; tenantId: number; group: NerGroup },
  edit: Record<string, unknown>,
  actor: Actor,
  nowMs: number,
): Promise<boolean> {
  const { vin, tenantId, group } = target;
  const data: Record<string, unknown> = {};
  for (const f of GROUPS[group].fields) data[f.field] = edit[f.field] ?? null;
  const old = await trx
    .selectFrom("ner_record")
    .select("data")
    .where("vin", "=", vin)
    .where("grp", "=", group)
    .executeTakeFirst();
  const before = old ? (typeof old.data === "string" ? JSON.parse(old.data) : old.data) : null;
  const changes = diff(group, before, data);
  if (old && changes.length === 0) return false;
  const row = {
    vin,
    grp: group,
    tenant_id: tenantId,
    data: JSON.stringify(data),
    update_by: actor.updateBy,
    update_name: actor.updateName,
    update_time: nowMs,
  };
  await trx
    .insertInto("ner_record")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["vin", "grp"]).doUpdateSet({
        data: row.data,
        update_by: row.update_by,
        update_name: row.update_name,
        update_time: row.update_time,
      }),
    )
    .execute();
  await trx
    .insertInto("ner_change_log")
    .values({
      tenant_id: tenantId,
      vin,
      grp: group,
      changes: JSON.stringify(changes),
      update_by: actor.updateBy,
      update_name: actor.updateName,
      update_time: nowMs,
    })
    .execute();
  if (group === "vehicleInfo") {
    await trx
      .updateTable("vehicle")
      .set({ plate: (data.plateNo as string | null) ?? null })
      .where("vin", "=", vin)
      .execute();
  }
  if (group === "terminalInfo") await bindTerminal(trx, vin, tenantId, data);
  return true;
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
