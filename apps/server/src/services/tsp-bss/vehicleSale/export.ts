import { SALE_BUYER_TYPE_LABELS, SALE_USE_LABELS } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, keysetBatches } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { chinaDateTime, exportColumnsOf } from "../tbox/sheet";
import { SALE_COLUMNS } from "./columns";
import { filteredSales, type SaleFilter, type SaleRecord, selectRecord, toRecord } from "./queries";

function rowOf(r: SaleRecord): Record<string, unknown> {
  return {
    vin: r.vin,
    dealerCode: r.dealerCode,
    pickupCode: r.pickupCode ?? "",
    buyerType: SALE_BUYER_TYPE_LABELS[r.buyerType],
    buyerName: r.buyerName,
    buyerPhone: r.buyerPhone,
    buyerIdNo: r.buyerIdNo,
    saleDate: r.saleDate,
    invoiceNo: r.invoiceNo,
    price: r.price,
    use: SALE_USE_LABELS[r.use],
    remark: r.remark ?? "",
    dealerName: r.dealerName,
    pickupName: r.pickupName ?? "",
    plateNo: r.plateNo ?? "",
    updateName: r.updateName ?? "",
    updatedAt: chinaDateTime(r.updatedAt),
  };
}

/**
 * The retail-sale export: the template's columns, then names, plate and the last change. The
 * buyer's certificate is masked as in the list (an export leaves the platform).
 */
export const saleExporter: ExportSheet = {
  title: "实销车辆",
  columns: exportColumnsOf(SALE_COLUMNS, [
    { header: "经销商名称", key: "dealerName", width: 24 },
    { header: "提车点名称", key: "pickupName", width: 18 },
    { header: "车牌号", key: "plateNo", width: 12 },
    { header: "修改人", key: "updateName", width: 14 },
    { header: "修改时间", key: "updatedAt", width: 22 },
  ]),
  total: (job, ctx) => countOf(filteredSales(ctx.db, job.tenantIds, job.params as SaleFilter)),
  async *rows(job, ctx) {
    const batches = keysetBatches(
      filteredSales(ctx.db, job.tenantIds, job.params as SaleFilter),
      { column: "s.vin", batch: 500, keyOf: (r: { vin: string }) => r.vin },
      selectRecord,
    );
    for await (const rows of batches) yield rows.map((r) => rowOf(toRecord(r)));
  },
};

export const exportVehicleSales = defineHandler<"exportVehicleSales">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  filteredSales(ctx.db, p.tenantIds, query); // a reversed range answers 400 before a task is queued
  const task = await ctx.exports.submit(p, "exportVehicleSales", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
