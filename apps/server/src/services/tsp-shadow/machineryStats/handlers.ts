import { ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { limitOffset } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { chinaDate } from "../../tsp-hbase-proxy/exporters";
import { dailyReport, farmStats, statsRange } from "./stats";

/** listFarmMachineryStats: the farm machines' figures by day, type, model or region over ≤ 31 days. */
export const listFarmMachineryStats = defineHandler<"listFarmMachineryStats">(async ({ query, principal }, ctx) =>
  farmStats(ctx, principal.tenantIds, statsRange(query)),
);

/** exportFarmMachineryStats: queues the .xlsx of the same rows and total. */
export const exportFarmMachineryStats = defineHandler<"exportFarmMachineryStats">(async ({ query, principal }, ctx) => {
  const q = statsRange(query);
  const name = `农机数据统计_${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
  return ok(await ctx.exports.submit(principal, "exportFarmMachineryStats", { ...q }, name), EXPORT_SUBMITTED_MSG);
});

/** listMachineDailyReport: a numbered page of (machine, day) rows over ≤ 31 days. */
export const listMachineDailyReport = defineHandler<"listMachineDailyReport">(async ({ query, principal }, ctx) => {
  const q = statsRange(query);
  const rows = await dailyReport(ctx, principal.tenantIds, { vin: q.vin, startTime: q.startTime, endTime: q.endTime });
  const { limit, offset } = limitOffset(query);
  return { list: rows.slice(offset, offset + limit), total: rows.length };
});

/** exportMachineDailyReport: queues the .xlsx of every row of the report. */
export const exportMachineDailyReport = defineHandler<"exportMachineDailyReport">(async ({ query, principal }, ctx) => {
  const q = statsRange(query);
  const name = `统计报表_${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
  return ok(await ctx.exports.submit(principal, "exportMachineDailyReport", { ...q }, name), EXPORT_SUBMITTED_MSG);
});
