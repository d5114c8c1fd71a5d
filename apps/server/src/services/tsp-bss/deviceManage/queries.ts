import {
  DEVICE_CHANGE_KIND_INFO,
  type DeviceChangeKind,
  MSG_DEVICE_CHANGE_NOT_FOUND,
  msgDeviceChangeForbidden,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { forbidden, notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import type { DataOf, QueryOf } from "../../defineHandler";
import "./tables";

export type DeviceChangeRecord = DataOf<"getDeviceChange">;
export type DeviceChangeFilter = QueryOf<"exportDeviceChanges">;

/** 403 unless the caller holds the kind's own button (`/deviceManage/<screen>/<action>`). */
export function mustHoldKind(p: Principal, kind: DeviceChangeKind, action: "add" | "review" | "export"): void {
  if (p.permissions.has(`/deviceManage/${DEVICE_CHANGE_KIND_INFO[kind].route}/${action}`)) return;
  const words = { add: "新增", review: "审批", export: "导出" } as const;
  throw forbidden(msgDeviceChangeForbidden(kind, words[action]));
}

export const changeBase = (db: Kysely<Database>) =>
  db.selectFrom("bss_device_change as c").innerJoin("vehicle as v", "v.vin", "c.vin");
type Base = ReturnType<typeof changeBase>;

export function filteredChanges(db: Kysely<Database>, tenantIds: readonly number[], f: DeviceChangeFilter): Base {
  return where(changeBase(db), {
    tenant: ["c.tenant_id", { tenantIds }],
    filters: (x) => [
      x.exact("c.kind", f.kind),
      x.contains("c.vin", f.vin),
      x.exact("c.state", f.state),
      x.range("c.applied_at", f.startTime, f.endTime),
    ],
  });
}

export const selectChange = (q: Base) =>
  q.select([
    "c.id",
    "c.kind",
    "c.vin",
    "v.plate",
    "c.old_code",
    "c.new_code",
    "c.reason",
    "c.remark",
    "c.applicant_name",
    "c.applied_at",
    "c.state",
    "c.reviewer_name",
    "c.reviewed_at",
    "c.review_note",
    "c.tenant_id",
  ]);
export type ChangeRow = Awaited<ReturnType<ReturnType<typeof selectChange>["executeTakeFirstOrThrow"]>>;

export const toChange = (r: ChangeRow): DeviceChangeRecord => ({
  id: r.id,
  kind: r.kind,
  vin: r.vin,
  plateNo: r.plate ?? null,
  oldCode: r.old_code,
  newCode: r.new_code,
  reason: r.reason,
  remark: r.remark,
  applicantName: r.applicant_name,
  appliedAt: Number(r.applied_at),
  state: r.state,
  reviewerName: r.reviewer_name,
  reviewedAt: r.reviewed_at === null ? null : Number(r.reviewed_at),
  reviewNote: r.review_note,
});

/** The record of the caller's tenants, or 404. */
export async function readChange(db: Kysely<Database>, tenantIds: readonly number[], id: number): Promise<ChangeRow> {
  const row = await selectChange(filteredChanges(db, tenantIds, {} as DeviceChangeFilter))
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG_DEVICE_CHANGE_NOT_FOUND);
  return row;
}
