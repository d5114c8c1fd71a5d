import { type SqlBool, sql } from "kysely";
import { notFound, ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, limitOffset } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { must } from "../../tsp-bss/actor";
import { filteredStates, orderStates, selectState, toStateDetail, toStateRow } from "./queries";

/** listVehicleStates: a numbered page of the caller's vehicles with their latest state. */
export const listVehicleStates = defineHandler<"listVehicleStates">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const q = filteredStates(ctx.db, must(principal), filter);
  const { limit, offset } = limitOffset({ pageNum, pageSize });
  const [rows, total] = await Promise.all([
    orderStates(selectState(q)).limit(limit).offset(offset).execute(),
    countOf(q),
  ]);
  return { list: rows.map(toStateRow), total };
});

/** getVehicleState: one VIN's latest state; 404 for a VIN of no vehicle of the caller's tenants. */
export const getVehicleState = defineHandler<"getVehicleState">(async ({ query, principal }, ctx) => {
  const row = await selectState(filteredStates(ctx.db, must(principal), {}))
    .where(sql<SqlBool>`v.vin = ${query.vin}`)
    .executeTakeFirst();
  if (row === undefined) throw notFound("未找到该VIN的车辆");
  return toStateDetail(row);
});

/** exportVehicleStates: queues the export of the list's filters (the export file list shows it). */
export const exportVehicleStates = defineHandler<"exportVehicleStates">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  filteredStates(ctx.db, p, query); // a reversed SOC range answers 400 before a task is queued
  const task = await ctx.exports.submit(p, "exportVehicleStates", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
