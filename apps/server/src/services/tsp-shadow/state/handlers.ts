import { type SqlBool, sql } from "kysely";
import { notFound, ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, limitOffset } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import "../../tsp-hbase-proxy/tables";
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

/** The later of a stored time and a journal's (epoch ms as PostgreSQL may answer it, a string). */
const newest = (a: number | null, b: number | string | null | undefined) =>
  b === null || b === undefined ? a : Math.max(a ?? 0, Number(b));

/** getVehicleState: one VIN's latest state; 404 for a VIN of no vehicle of the caller's tenants. */
export const getVehicleState = defineHandler<"getVehicleState">(async ({ query, principal }, ctx) => {
  const row = await selectState(filteredStates(ctx.db, must(principal), {}))
    .where(sql<SqlBool>`v.vin = ${query.vin}`)
    .executeTakeFirst();
  if (row === undefined) throw notFound("未找到该VIN的车辆");
  const detail = toStateDetail(row);
  // The connection state knows the logins the gateway served; the journals also hold the ones
  // written before it ran (the demo history): the newest of either.
  const [login, logout] = await Promise.all(
    (["vehicle_login_log", "vehicle_logout_log"] as const).map((table) =>
      ctx.db
        .selectFrom(table)
        .select(sql<number | string | null>`max(ts)`.as("ts"))
        .where("vin", "=", query.vin)
        .executeTakeFirst(),
    ),
  );
  return {
    ...detail,
    lastLoginAt: newest(detail.lastLoginAt, login?.ts),
    lastLogoutAt: newest(detail.lastLogoutAt, logout?.ts),
  };
});

/** exportVehicleStates: queues the export of the list's filters (the export file list shows it). */
export const exportVehicleStates = defineHandler<"exportVehicleStates">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  filteredStates(ctx.db, p, query); // a reversed SOC range answers 400 before a task is queued
  const task = await ctx.exports.submit(p, "exportVehicleStates", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
