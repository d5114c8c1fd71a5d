import { chinaDay, LEASE_LESSEE_TYPE_LABELS, LEASE_STATE_LABELS } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { chinaDateTime, exportColumnsOf } from "../tbox/sheet";
import { LEASE_COLUMNS } from "./columns";
import { filteredLeases, type LeaseFilter, type LeaseRecord, selectLease, toLease } from "./queries";

function rowOf(r: LeaseRecord): Record<string, unknown> {
  return {
    contractNo: r.contractNo,
    vin: r.vin,
    leaseOrgCode: r.leaseOrgCode,
    lesseeType: LEASE_LESSEE_TYPE_LABELS[r.lesseeType],
    lesseeName: r.lesseeName,
    lesseePhone: r.lesseePhone,
    lesseeIdNo: r.lesseeIdNo,
    startDate: r.startDate,
    endDate: r.endDate,
    monthlyRent: r.monthlyRent,
    deposit: r.deposit,
    remark: r.remark ?? "",
    leaseOrgName: r.leaseOrgName,
    plateNo: r.plateNo ?? "",
    state: LEASE_STATE_LABELS[r.state],
    returnDate: r.returnDate ?? "",
    returnReason: r.returnReason ?? "",
    renewedFrom: r.renewedFrom ?? "",
    updateName: r.updateName ?? "",
    updatedAt: chinaDateTime(r.updatedAt),
  };
}

/** The day a job's states are read on: the day it was submitted (kept in its parameters). */
const dayOf = (params: Record<string, unknown>) => String(params.today);
const filterOf = (params: Record<string, unknown>) => {
  const { today: _t, ...f } = params;
  return f as LeaseFilter;
};

/** The lease-contract export: the template's columns (phone and certificate masked), then names, state, return and last change. */
export const leaseExporter: ExportSheet = {
  title: "租赁合同",
  columns: exportColumnsOf(LEASE_COLUMNS, [
    { header: "租赁机构名称", key: "leaseOrgName", width: 28 },
    { header: "车牌号", key: "plateNo", width: 12 },
    { header: "合同状态", key: "state", width: 10 },
    { header: "退租日期", key: "returnDate", width: 12 },
    { header: "退租原因", key: "returnReason", width: 24 },
    { header: "续租自", key: "renewedFrom", width: 18 },
    { header: "修改人", key: "updateName", width: 14 },
    { header: "修改时间", key: "updatedAt", width: 22 },
  ]),
  total: (job, ctx) => countOf(filteredLeases(ctx.db, job.tenantIds, filterOf(job.params), dayOf(job.params))),
  async *rows(job, ctx) {
    const today = dayOf(job.params);
    const batches = keysetBatches(
      filteredLeases(ctx.db, job.tenantIds, filterOf(job.params), today),
      { column: "c.contract_no", batch: 500, keyOf: (r: { contract_no: string }) => r.contract_no },
      selectLease(job.tenantIds),
    );
    for await (const rows of batches) yield rows.map((r) => rowOf(toLease(r, today)));
  },
};

export const exportLeaseContracts = defineHandler<"exportLeaseContracts">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const task = await ctx.exports.submit(p, "exportLeaseContracts", { ...query, today: chinaDay(ctx.now().getTime()) });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
