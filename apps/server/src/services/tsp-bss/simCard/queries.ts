import { MSG_RANGE_REVERSED, type SimCardEdit } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { DataOf, QueryOf } from "../../defineHandler";
import "../tables";
import "./tables";

/** A card as the contract answers it. */
export type SimCardRecord = DataOf<"getSimCard">;

/** The list's filters (the export takes exactly these). */
export type SimCardFilter = QueryOf<"exportSimCards">;

/** The not-found message of a card the caller does not hold. */
export const MSG_SIM_NOT_FOUND = "SIM卡不存在";

/** Cards with their bound vehicle and real-name record, as the list and the export read them. */
export function simCardBase(db: Kysely<Database>) {
  return db
    .selectFrom("bss_sim_card as sc")
    .leftJoin("vehicle as v", "v.vin", "sc.vin")
    .leftJoin("bss_realname as rn", "rn.iccid", "sc.iccid");
}
type Base = ReturnType<typeof simCardBase>;

/** A card without a real-name record is unauthenticated (as on the real-name screen). */
const realname = sql<string>`coalesce(rn.status, 'unauthenticated')`;

/**
 * The tenant's cards matching the filters. An activation range leaves out cards without an
 * activation date; a reversed range answers 400 (nothing to list is not what was meant).
 */
export function filteredSimCards(db: Kysely<Database>, tenantIds: readonly number[], f: SimCardFilter): Base {
  if (f.activationDateStart && f.activationDateEnd && f.activationDateStart > f.activationDateEnd)
    throw badRequest(MSG_RANGE_REVERSED, [{ field: "activationDateEnd", msg: MSG_RANGE_REVERSED }]);
  return where(simCardBase(db), {
    tenant: ["sc.tenant_id", { tenantIds }],
    filters: (x) => [
      x.contains("sc.iccid", f.iccid),
      x.contains("sc.msisdn", f.msisdn),
      x.exact("sc.carrier", f.carrier),
      x.exact("sc.status", f.status),
      x.contains("sc.vin", f.vin),
      f.bound === undefined ? undefined : f.bound ? sql<SqlBool>`sc.vin is not null` : sql<SqlBool>`sc.vin is null`,
      f.realnameStatus ? sql<SqlBool>`${realname} = ${f.realnameStatus}` : undefined,
      // Days are yyyy-MM-dd text: they compare as text.
      f.activationDateStart ? sql<SqlBool>`sc.activation_date >= ${f.activationDateStart}` : undefined,
      f.activationDateEnd ? sql<SqlBool>`sc.activation_date <= ${f.activationDateEnd}` : undefined,
    ],
  });
}

/** Selects the columns of a card as the contract answers it (openapi SimCardRecord). */
export function selectRecord(q: Base) {
  return q.select([
    "sc.iccid",
    "sc.msisdn",
    "sc.carrier",
    "sc.status",
    "sc.vin",
    "v.plate",
    realname.as("realname_status"),
    "sc.activation_date",
    "sc.expiry_date",
    "sc.data_plan_mb",
    "sc.month_usage_mb",
    "sc.remark",
    "sc.updated_at",
    "sc.update_name",
  ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRecord>["executeTakeFirstOrThrow"]>>;

/** A selected row as openapi SimCardRecord (bigint and double read as numbers on both engines). */
export function toRecord(r: Row): SimCardRecord {
  return {
    iccid: r.iccid,
    msisdn: r.msisdn,
    carrier: r.carrier,
    status: r.status,
    vin: r.vin,
    plateNo: r.plate ?? null,
    realnameStatus: r.realname_status as SimCardRecord["realnameStatus"],
    activationDate: r.activation_date,
    expiryDate: r.expiry_date,
    dataPlanMb: r.data_plan_mb,
    monthUsageMb: Number(r.month_usage_mb),
    remark: r.remark,
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

/** One card the caller holds, or 404 SIM卡不存在 (another tenant's card reads as absent). */
export async function readSimCard(db: Kysely<Database>, tenantIds: readonly number[], iccid: string) {
  const row = await selectRecord(filteredSimCards(db, tenantIds, {}))
    .where("sc.iccid", "=", iccid)
    .executeTakeFirst();
  if (!row) throw notFound(MSG_SIM_NOT_FOUND);
  return toRecord(row);
}

/** The editable fields of a record (what an edit sends back, less its version). */
export const editOf = (r: SimCardRecord): SimCardEdit => ({
  iccid: r.iccid,
  msisdn: r.msisdn,
  carrier: r.carrier,
  status: r.status,
  activationDate: r.activationDate,
  expiryDate: r.expiryDate,
  dataPlanMb: r.dataPlanMb,
  remark: r.remark,
});
