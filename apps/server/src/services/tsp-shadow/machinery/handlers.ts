import { notFound, ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { countOf, limitOffset } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { chinaDate } from "../../tsp-hbase-proxy/exporters";
import { onlineDays } from "./onlineTime";
import { historyQuery, historyRange, machineStates, mustSeeMachine, onlineRange, toSample } from "./queries";

/** listMachineMap: every matching machine with a position, as parallel arrays, and the counts per state. */
export const listMachineMap = defineHandler<"listMachineMap">(async ({ query, principal }, ctx) => {
  const { rows, counts } = await machineStates(ctx, principal.tenantIds, query);
  const placed = rows.filter((r) => r.longitude !== null && r.latitude !== null);
  return {
    vin: placed.map((r) => r.vin),
    lng: placed.map((r) => r.longitude as number),
    lat: placed.map((r) => r.latitude as number),
    state: placed.map((r) => r.state),
    counts,
  };
});

/** listMachineStates: a numbered page of the machines with their latest state. */
export const listMachineStates = defineHandler<"listMachineStates">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const { rows, counts } = await machineStates(ctx, principal.tenantIds, filter);
  const { limit, offset } = limitOffset({ pageNum, pageSize });
  return { list: rows.slice(offset, offset + limit), total: rows.length, counts };
});

/** A max(at) row's time (PostgreSQL may answer a bigint as a string), or null. */
const at = (r: { at: unknown } | undefined) => (r?.at === null || r?.at === undefined ? null : Number(r.at));

/** getMachineState: one machine's state with its register entry and last login/logout; 404 outside the tenants. */
export const getMachineState = defineHandler<"getMachineState">(async ({ query, principal }, ctx) => {
  const { rows } = await machineStates(ctx, principal.tenantIds, { vin: query.vin });
  const row = rows.find((r) => r.vin === query.vin);
  if (row === undefined) throw notFound("未找到该PIN码的机械");
  const [entry, login, logout] = await Promise.all([
    ctx.db
      .selectFrom("bss_machinery_info")
      .select(["mein", "cpbh", "manufacturer", "emission_stage", "owner_name"])
      .where("vin", "=", query.vin)
      .where("tenant_id", "in", [...principal.tenantIds])
      .executeTakeFirstOrThrow(),
    ...(["login", "logout"] as const).map((kind) =>
      ctx.db
        .selectFrom("machine_connection")
        .select((eb) => eb.fn.max("at").as("at"))
        .where("vin", "=", query.vin)
        .where("kind", "=", kind)
        .executeTakeFirst(),
    ),
  ]);
  return {
    ...row,
    mein: entry.mein,
    cpbh: entry.cpbh,
    manufacturer: entry.manufacturer,
    emissionStage: entry.emission_stage as "cn3" | "cn4",
    ownerName: entry.owner_name,
    lastLoginAt: at(login),
    lastLogoutAt: at(logout),
  };
});

/** exportMachineStates: queues the .xlsx of the list's filters. */
export const exportMachineStates = defineHandler<"exportMachineStates">(async ({ query, principal }, ctx) => {
  const task = await ctx.exports.submit(principal, "exportMachineStates", { ...query });
  return ok(task, EXPORT_SUBMITTED_MSG);
});

/** listMachineHistory: a numbered page of one machine's reports over ≤ 7 days, newest first. */
export const listMachineHistory = defineHandler<"listMachineHistory">(async ({ query, principal }, ctx) => {
  const q = historyRange(query);
  await mustSeeMachine(ctx, query.vin, principal.tenantIds);
  const base = historyQuery(ctx, { vin: query.vin, ...q });
  const { limit, offset } = limitOffset(query);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy("collected_at", "desc").limit(limit).offset(offset).execute(),
    countOf(base),
  ]);
  return { list: rows.map(toSample), total };
});

/** exportMachineHistory: queues the .xlsx of one machine's reports over the range. */
export const exportMachineHistory = defineHandler<"exportMachineHistory">(async ({ query, principal }, ctx) => {
  const q = historyRange(query);
  await mustSeeMachine(ctx, query.vin, principal.tenantIds);
  const name = `机械历史状态_${query.vin}_${chinaDate(q.startTime)}.xlsx`;
  const params = { vin: query.vin, startTime: q.startTime, endTime: q.endTime };
  return ok(await ctx.exports.submit(principal, "exportMachineHistory", params, name), EXPORT_SUBMITTED_MSG);
});

/** listMachineOnlineTime: a numbered page of (machine, day) online time over ≤ 31 days. */
export const listMachineOnlineTime = defineHandler<"listMachineOnlineTime">(async ({ query, principal }, ctx) => {
  onlineRange(query);
  const rows = await onlineDays(ctx, principal.tenantIds, query);
  const { limit, offset } = limitOffset(query);
  return { list: rows.slice(offset, offset + limit), total: rows.length };
});

/** exportMachineOnlineTime: queues the .xlsx of the online-time rows. */
export const exportMachineOnlineTime = defineHandler<"exportMachineOnlineTime">(async ({ query, principal }, ctx) => {
  onlineRange(query);
  return ok(await ctx.exports.submit(principal, "exportMachineOnlineTime", { ...query }), EXPORT_SUBMITTED_MSG);
});
