import type { TboxEdit } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { DataOf, QueryOf } from "../../defineHandler";
import "../tables";
import "./tables";

export type TboxRecord = DataOf<"getTbox">;
export type TboxFilter = QueryOf<"exportTboxes">;
export const MSG_TBOX_NOT_FOUND = "终端不存在";

/** Terminals with their vehicle (by the vehicle's tbox_sn), model and provider names. */
export function tboxBase(db: Kysely<Database>) {
  return db
    .selectFrom("bss_tbox as t")
    .leftJoin("vehicle as v", "v.tbox_sn", "t.sn")
    .leftJoin("bss_option as m", (j) => j.onRef("m.code", "=", "t.model").on("m.kind", "=", "TboxInfo"))
    .leftJoin("bss_provider as p", "p.code", "t.provider");
}
type Base = ReturnType<typeof tboxBase>;

/** The tenant's terminals matching the list's filters (text filters are substrings). */
export function filteredTboxes(db: Kysely<Database>, tenantIds: readonly number[], f: TboxFilter): Base {
  return where(tboxBase(db), {
    tenant: ["t.tenant_id", { tenantIds }],
    filters: (x) => [
      x.contains("t.sn", f.sn),
      x.exact("t.model", f.model),
      x.exact("t.protocol", f.protocol),
      x.exact("t.state", f.state),
      x.contains("v.vin", f.vin),
      x.contains("t.iccid", f.iccid),
      f.bound === undefined ? undefined : f.bound ? sql<SqlBool>`v.vin is not null` : sql<SqlBool>`v.vin is null`,
    ],
  });
}

export function selectRecord(q: Base) {
  return q.select([
    "t.sn",
    "t.model",
    "m.name as model_name",
    "t.provider",
    "p.name as provider_name",
    "t.protocol",
    "t.hardware_version",
    "t.firmware_version",
    "t.imei",
    "t.iccid",
    "t.terminal_id",
    "t.auth_code",
    "t.state",
    "t.production_date",
    "t.remark",
    "v.vin",
    "v.plate",
    "t.updated_at",
    "t.update_name",
  ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRecord>["executeTakeFirstOrThrow"]>>;

export function toRecord(r: Row): TboxRecord {
  return {
    sn: r.sn,
    model: r.model,
    modelName: r.model_name ?? r.model,
    provider: r.provider,
    providerName: r.provider_name ?? r.provider,
    protocol: r.protocol,
    hardwareVersion: r.hardware_version,
    firmwareVersion: r.firmware_version,
    imei: r.imei,
    iccid: r.iccid,
    terminalId: r.terminal_id,
    authCode: r.auth_code,
    state: r.state,
    productionDate: r.production_date,
    remark: r.remark,
    vin: r.vin ?? null,
    plateNo: r.plate ?? null,
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

/** One terminal the caller holds, or 404 终端不存在 (another tenant's reads as absent). */
export async function readTbox(db: Kysely<Database>, tenantIds: readonly number[], sn: string) {
  const row = await selectRecord(filteredTboxes(db, tenantIds, {}))
    .where("t.sn", "=", sn)
    .executeTakeFirst();
  if (!row) throw notFound(MSG_TBOX_NOT_FOUND);
  return toRecord(row);
}

/** The columns a terminal's editable fields are written to. */
export const columnsOf = (e: TboxEdit) => ({
  model: e.model,
  provider: e.provider,
  protocol: e.protocol,
  hardware_version: e.hardwareVersion,
  firmware_version: e.firmwareVersion,
  imei: e.imei,
  iccid: e.iccid,
  terminal_id: e.terminalId,
  auth_code: e.authCode,
  state: e.state,
  production_date: e.productionDate,
  remark: e.remark,
});
