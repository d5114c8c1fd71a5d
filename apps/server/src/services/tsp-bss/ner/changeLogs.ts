import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants } from "../../../platform/principal";
import type { Handler } from "../../types";
import { must } from "../actor";
import { limitOffset } from "../paging";
import type { NerGroup } from "../tables";

/** The change log of one vehicle's group, newest first, optionally of one account (updateBy). */
export function changeLogQuery(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  filter: { vin: string; group: NerGroup; updateName?: string | undefined },
) {
  let q = db
    .selectFrom("ner_change_log")
    .where(inTenants("ner_change_log.tenant_id", { tenantIds }))
    .where("vin", "=", filter.vin)
    .where("grp", "=", filter.group);
  if (filter.updateName) q = q.where("update_by", "=", filter.updateName);
  return q;
}

/** A stored change log row as openapi ChangeLogEntry. */
export function toEntry(r: {
  id: number;
  vin: string;
  grp: NerGroup;
  changes: unknown;
  update_by: string;
  update_name: string;
  update_time: unknown;
}) {
  return {
    id: Number(r.id),
    vin: r.vin,
    group: r.grp,
    changes: typeof r.changes === "string" ? JSON.parse(r.changes) : r.changes,
    updateBy: r.update_by,
    updateName: r.update_name,
    updateTime: Number(r.update_time),
  };
}

/** getNer<Group>InfoLog: a numbered page of one vehicle's changes (business-areas.md §7 "change logs"). */
const logOf =
  (group: NerGroup): Handler =>
  async ({ body, principal }, ctx) => {
    const b = body as { vin: string; pageNum: number; pageSize: number; updateName?: string };
    const q = changeLogQuery(ctx.db, must(principal).tenantIds, { vin: b.vin, group, updateName: b.updateName });
    const { limit, offset } = limitOffset(b.pageNum, b.pageSize);
    const count = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const rows = await q
      .select(["id", "vin", "grp", "changes", "update_by", "update_name", "update_time"])
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
    return { list: rows.map(toEntry), total: Number(count.n) };
  };

export const getNerVehicleInfoLog = logOf("vehicleInfo");
export const getNerBatteryInfoLog = logOf("batteryInfo");
export const getNerDriveInfoLog = logOf("driveInfo");
export const getNerTerminalInfoLog = logOf("terminalInfo");
