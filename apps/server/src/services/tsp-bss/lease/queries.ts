import { type LeaseContractEdit, leaseState, maskLesseeIdNo, maskLesseePhone } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { DataOf, QueryOf } from "../../defineHandler";
import "../registers/tables";
import "./tables";

export type LeaseRecord = DataOf<"listLeaseContracts">["list"][number];
export type LeaseFilter = QueryOf<"exportLeaseContracts">;

/** Contracts with their vehicle's plate and organisation's name (organisations read by code and name only). */
export function leaseBase(db: Kysely<Database>) {
  return db.selectFrom("bss_lease_contract as c").innerJoin("vehicle as v", "v.vin", "c.vin");
}
type Base = ReturnType<typeof leaseBase>;

/** The state filter in SQL: the same derivation as @tsp/domain `leaseState`. */
function stateIs(state: LeaseFilter["state"], today: string) {
  switch (state) {
    case "returned":
      return sql<SqlBool>`c.return_date is not null`;
    case "pending":
      return sql<SqlBool>`c.return_date is null and c.start_date > ${today}`;
    case "leasing":
      return sql<SqlBool>`c.return_date is null and c.start_date <= ${today} and c.end_date >= ${today}`;
    case "expired":
      return sql<SqlBool>`c.return_date is null and c.end_date < ${today}`;
    default:
      return undefined;
  }
}

export function filteredLeases(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  f: LeaseFilter,
  today: string,
): Base {
  return where(leaseBase(db), {
    tenant: ["c.tenant_id", { tenantIds }],
    filters: (x) => [
      x.contains("c.contract_no", f.contractNo),
      x.contains("c.vin", f.vin),
      x.exact("c.lease_org_code", f.leaseOrgCode),
      x.contains("c.lessee_name", f.lesseeName),
      stateIs(f.state, today),
    ],
  });
}

/**
 * The columns of a contract, with its organisation's name as the viewer sees it (an
 * organisation of any of the viewer's tenants: the administrator files contracts of the
 * sub-tenant's vehicles with the parent's organisations too).
 */
export const selectLease = (tenantIds: readonly number[]) => (q: Base) =>
  q.select((eb) => [
    eb
      .selectFrom("bss_lease_org as o")
      .select("o.name")
      .whereRef("o.code", "=", "c.lease_org_code")
      .where("o.tenant_id", "in", [...tenantIds])
      .orderBy("o.tenant_id")
      .limit(1)
      .as("lease_org_name"),
    "c.tenant_id",
    "c.contract_no",
    "c.vin",
    "v.plate",
    "c.lease_org_code",
    "c.lessee_type",
    "c.lessee_name",
    "c.lessee_phone",
    "c.lessee_id_no",
    "c.start_date",
    "c.end_date",
    "c.monthly_rent",
    "c.deposit",
    "c.remark",
    "c.return_date",
    "c.return_reason",
    "c.renewed_from",
    "c.renewed_to",
    "c.updated_at",
    "c.update_name",
  ]);
export type LeaseRow = Awaited<ReturnType<ReturnType<ReturnType<typeof selectLease>>["executeTakeFirstOrThrow"]>>;

/** A contract as the list answers it: the lessee's phone and certificate masked (the detail shows them whole). */
export function toLease(r: LeaseRow, today: string, whole = false): LeaseRecord {
  return {
    contractNo: r.contract_no,
    vin: r.vin,
    plateNo: r.plate ?? null,
    leaseOrgCode: r.lease_org_code,
    leaseOrgName: r.lease_org_name ?? r.lease_org_code,
    lesseeType: r.lessee_type,
    lesseeName: r.lessee_name,
    lesseePhone: whole ? r.lessee_phone : maskLesseePhone(r.lessee_phone),
    lesseeIdNo: whole ? r.lessee_id_no : maskLesseeIdNo(r.lessee_id_no),
    startDate: r.start_date,
    endDate: r.end_date,
    monthlyRent: Number(r.monthly_rent),
    deposit: Number(r.deposit),
    remark: r.remark,
    state: leaseState(
      {
        contractNo: r.contract_no,
        startDate: r.start_date,
        endDate: r.end_date,
        returnDate: r.return_date,
        renewedTo: r.renewed_to,
      },
      today,
    ),
    returnDate: r.return_date,
    returnReason: r.return_reason,
    renewedFrom: r.renewed_from,
    renewedTo: r.renewed_to,
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

export async function readLease(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  contractNo: string,
  today: string,
  whole = false,
) {
  const row = await selectLease(tenantIds)(filteredLeases(db, tenantIds, {}, today))
    .where("c.contract_no", "=", contractNo)
    .orderBy("c.tenant_id")
    .executeTakeFirst();
  if (!row) throw notFound("租赁合同不存在");
  return toLease(row, today, whole);
}

export const leaseColumnsOf = (e: LeaseContractEdit) => ({
  vin: e.vin,
  lease_org_code: e.leaseOrgCode,
  lessee_type: e.lesseeType,
  lessee_name: e.lesseeName,
  lessee_phone: e.lesseePhone,
  lessee_id_no: e.lesseeIdNo,
  start_date: e.startDate,
  end_date: e.endDate,
  monthly_rent: e.monthlyRent,
  deposit: e.deposit,
  remark: e.remark,
});
