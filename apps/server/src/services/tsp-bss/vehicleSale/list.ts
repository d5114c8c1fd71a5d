import { numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { filteredSales, selectRecord, toRecord } from "./queries";

/** listVehicleSales: a numbered page of the caller's sales, newest sale date first (ties by VIN). */
export const listVehicleSales = defineHandler<"listVehicleSales">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const page = await numberedPage(
    filteredSales(ctx.db, must(principal).tenantIds, filter),
    { pageNum, pageSize },
    { order: [["s.sale_date", "desc"], "s.vin"] },
    selectRecord,
  );
  return { list: page.list.map((r) => toRecord(r)), total: page.total };
});
