import { type DeviceChangeFacts, type DeviceChangeKind, deviceChangeProblem, replaceCode } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest } from "../../../http/envelope";
import type { Actor } from "../actor";
import { saveGroup } from "../ner/save";
import type { NerGroup } from "../tables";
import { syncVehicleCard } from "../tbox/facts";
import "../baseInfoRest/tables";
import "../tbox/tables";

/** The replacement asked for: the vehicle (and its tenant) and the two codes. */
export interface ChangeTarget {
  kind: DeviceChangeKind;
  vin: string;
  tenantId: number;
  oldCode: string;
  newCode: string;
}

/** The NER group and list field holding a kind's codes (motor, battery). */
const CODE_LISTS: Partial<Record<DeviceChangeKind, { group: NerGroup; field: string }>> = {
  motor: { group: "driveInfo", field: "motorCodes" },
  battery: { group: "batteryInfo", field: "packCodes" },
};

const docOf = (data: unknown): Record<string, unknown> =>
  (typeof data === "string" ? JSON.parse(data) : data) as Record<string, unknown>;

async function groupDoc(db: Kysely<Database>, vin: string, group: NerGroup) {
  const row = await db
    .selectFrom("ner_record")
    .select("data")
    .where("vin", "=", vin)
    .where("grp", "=", group)
    .executeTakeFirst();
  return row ? docOf(row.data) : null;
}

/**
 * What the master data holds for the replacement, read in `db` (the review's transaction, where
 * the vehicle is locked first). T-BOX serials are unique across tenants (bss_tbox.sn);
 * head units, motors and packs are looked up within the vehicle's tenant.
 */
export async function loadChangeFacts(db: Kysely<Database>, t: ChangeTarget): Promise<DeviceChangeFacts> {
  const base = { kind: t.kind, vin: t.vin, oldCode: t.oldCode, newCode: t.newCode };
  if (t.kind === "tbox") {
    const vehicle = await db.selectFrom("vehicle").select("tbox_sn").where("vin", "=", t.vin).executeTakeFirst();
    const tbox = await db
      .selectFrom("bss_tbox")
      .select("sn")
      .where("sn", "=", t.newCode)
      .where("tenant_id", "=", t.tenantId)
      .where("state", "<>", "deregistered")
      .executeTakeFirst();
    const holder = await db.selectFrom("vehicle").select("vin").where("tbox_sn", "=", t.newCode).executeTakeFirst();
    return {
      ...base,
      current: vehicle?.tbox_sn ? [vehicle.tbox_sn] : [],
      newRegistered: tbox !== undefined,
      newHolder: holder?.vin ?? null,
    };
  }
  if (t.kind === "headUnit") {
    const units = await db
      .selectFrom("bss_ecu")
      .select(["unit_sn", "bound_vin"])
      .where("tenant_id", "=", t.tenantId)
      .where("ecu_type", "=", "ivi")
      .where((eb) => eb.or([eb("bound_vin", "=", t.vin), eb("unit_sn", "=", t.newCode)]))
      .orderBy("unit_sn")
      .execute();
    const fresh = units.find((u) => u.unit_sn === t.newCode);
    return {
      ...base,
      current: units.filter((u) => u.bound_vin === t.vin).map((u) => u.unit_sn),
      newRegistered: fresh !== undefined,
      newHolder: fresh?.bound_vin ?? null,
    };
  }
  const list = CODE_LISTS[t.kind] as { group: NerGroup; field: string };
  const doc = await groupDoc(db, t.vin, list.group);
  const holder = await db
    .selectFrom("ner_record")
    .select("vin")
    .where("grp", "=", list.group)
    .where("tenant_id", "=", t.tenantId)
    .where(sql<boolean>`data -> ${list.field} @> ${JSON.stringify([t.newCode])}::jsonb`)
    .orderBy("vin")
    .executeTakeFirst();
  return {
    ...base,
    current: Array.isArray(doc?.[list.field]) ? (doc[list.field] as string[]) : [],
    newRegistered: true,
    newHolder: holder?.vin ?? null,
  };
}

/** 400 naming the refused check (on the field it is about), or nothing. */
export function refuse(facts: DeviceChangeFacts): void {
  const msg = deviceChangeProblem(facts);
  if (msg === null) return;
  const field = facts.current.includes(facts.oldCode) && facts.oldCode !== facts.newCode ? "newCode" : "oldCode";
  throw badRequest(msg, [{ field, msg }]);
}

/**
 * Applies an approved replacement to the master data inside the review's transaction (the
 * caller has locked the vehicle and re-checked it): the T-BOX binding and its card, the head
 * unit's binding, or the group's code list — each NER group through `saveGroup`, which writes
 * the group's change log.
 */
export async function applyChange(trx: Kysely<Database>, t: ChangeTarget, actor: Actor, nowMs: number) {
  const who = { update_by: actor.updateBy, update_name: actor.updateName };
  if (t.kind === "tbox") {
    const fresh = await trx
      .selectFrom("bss_tbox")
      .select(["iccid", "updated_at"])
      .where("sn", "=", t.newCode)
      .executeTakeFirstOrThrow();
    const terminal = await groupDoc(trx, t.vin, "terminalInfo");
    if (terminal) {
      const edit = { ...terminal, tboxSn: t.newCode, iccid: fresh.iccid ?? terminal.iccid };
      await saveGroup(trx, { vin: t.vin, tenantId: t.tenantId, group: "terminalInfo" }, edit, actor, nowMs);
    } else {
      // No 终端信息 group filed yet: the binding still changes, and the change log says so.
      await trx
        .insertInto("ner_change_log")
        .values({
          tenant_id: t.tenantId,
          vin: t.vin,
          grp: "terminalInfo",
          changes: JSON.stringify([{ field: "tboxSn", label: "终端序列号", before: t.oldCode, after: t.newCode }]),
          ...who,
          update_time: nowMs,
        })
        .execute();
    }
    await trx.updateTable("vehicle").set({ tbox_sn: t.newCode }).where("vin", "=", t.vin).execute();
    await syncVehicleCard(trx, t.vin, fresh.iccid);
    const bump = sql<number>`greatest(${nowMs}, updated_at + 1)`;
    await trx
      .updateTable("bss_tbox")
      .set({ state: sql`case when state = 'activated' then 'registered' else state end`, updated_at: bump, ...who })
      .where("sn", "=", t.oldCode)
      .execute();
    await trx
      .updateTable("bss_tbox")
      .set({ state: "activated", updated_at: bump, ...who })
      .where("sn", "=", t.newCode)
      .execute();
    return;
  }
  if (t.kind === "headUnit") {
    const bump = sql<number>`greatest(${nowMs}, updated_at + 1)`;
    await trx
      .updateTable("bss_ecu")
      .set({ bound_vin: null, updated_at: bump, ...who })
      .where("tenant_id", "=", t.tenantId)
      .where("unit_sn", "=", t.oldCode)
      .execute();
    await trx
      .updateTable("bss_ecu")
      .set({ bound_vin: t.vin, updated_at: bump, ...who })
      .where("tenant_id", "=", t.tenantId)
      .where("unit_sn", "=", t.newCode)
      .execute();
    return;
  }
  const list = CODE_LISTS[t.kind] as { group: NerGroup; field: string };
  const doc = (await groupDoc(trx, t.vin, list.group)) as Record<string, unknown>;
  const edit = { ...doc, [list.field]: replaceCode(doc[list.field] as string[], t.oldCode, t.newCode) };
  await saveGroup(trx, { vin: t.vin, tenantId: t.tenantId, group: list.group }, edit, actor, nowMs);
}
