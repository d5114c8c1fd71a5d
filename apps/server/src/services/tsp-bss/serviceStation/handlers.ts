import {
  checkServiceStationEdit,
  MSG_STATION_DELETE_OPEN,
  MSG_STATION_EXISTS,
  MSG_STATION_NOT_FOUND,
  MSG_STATION_STALE,
  type OutletProblem,
  type ServiceStationEdit,
  type ServiceStationField,
} from "@tsp/domain";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { numberedPage } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { areaProblem, brandNames, brandProblem } from "../dealer/outlet";
import { filteredStations, readStation, selectStation, stationValues, toStation } from "./queries";

/** The rules that need the register (after the domain's): the region is a district, the brands exist. */
export function stationRegisterProblems(
  edit: ServiceStationEdit,
  brands: ReadonlyMap<number, string>,
): OutletProblem<ServiceStationField>[] {
  return [areaProblem(edit.areaId), brandProblem<ServiceStationField>("brandIds", edit.brandIds, brands)].filter(
    (x): x is OutletProblem<ServiceStationField> => x !== null,
  );
}

function refuse(problems: readonly { field: string; msg: string }[]): never {
  throw badRequest(problems[0]?.msg ?? "", [...problems]);
}

/** listServiceStations: a numbered page of the caller's stations, by code. */
export const listServiceStations = defineHandler<"listServiceStations">(async ({ query, principal }, ctx) => {
  const { pageNum, pageSize, ...filter } = query;
  const brands = await brandNames(ctx.db);
  const page = await numberedPage(
    filteredStations(ctx.db, must(principal).tenantIds, filter),
    { pageNum, pageSize },
    { order: ["s.code"] },
    selectStation,
  );
  return { list: page.list.map((r) => toStation(r, brands)), total: page.total };
});

/** getServiceStation: one station the caller holds. */
export const getServiceStation = defineHandler<"getServiceStation">(async ({ query, principal }, ctx) =>
  readStation(ctx.db, must(principal).tenantIds, query.stationCode, await brandNames(ctx.db)),
);

/** createServiceStation: the domain's rules, the register's, then the insert into the caller's tenant; a taken code answers 409. */
export const createServiceStation = defineHandler<"createServiceStation">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const checked = checkServiceStationEdit(body);
  if (!checked.ok) refuse(checked.error);
  const edit = checked.value;
  const brands = await brandNames(ctx.db);
  const problems = stationRegisterProblems(edit, brands);
  if (problems.length > 0) refuse(problems);
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("bss_service_station")
      .select("code")
      .where("code", "=", edit.stationCode)
      .executeTakeFirst();
    if (taken) throw conflict(MSG_STATION_EXISTS);
    await trx
      .insertInto("bss_service_station")
      .values({
        code: edit.stationCode,
        tenant_id: p.tenantId,
        ...stationValues(edit),
        updated_at: ctx.now().getTime(),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .execute();
  });
  return ok(await readStation(ctx.db, p.tenantIds, edit.stationCode, brands), "保存成功");
});

/** updateServiceStation: full replacement under optimistic concurrency (404, 409, 400 with every reason, then the write). */
export const updateServiceStation = defineHandler<"updateServiceStation">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { updatedAt, ...fields } = body;
  const brands = await brandNames(ctx.db);
  const actor = await actorOf(p, ctx);
  const nowMs = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_service_station")
      .select(["code", "updated_at"])
      .where("code", "=", fields.stationCode)
      .where(inTenants("bss_service_station.tenant_id", p))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_STATION_NOT_FOUND);
    const version = Number(row.updated_at);
    if (version !== updatedAt) throw conflict(MSG_STATION_STALE);
    const checked = checkServiceStationEdit(fields);
    if (!checked.ok) refuse(checked.error);
    const problems = stationRegisterProblems(checked.value, brands);
    if (problems.length > 0) refuse(problems);
    await trx
      .updateTable("bss_service_station")
      .set({
        ...stationValues(checked.value),
        updated_at: Math.max(nowMs, version + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("code", "=", row.code)
      .execute();
  });
  return ok(await readStation(ctx.db, p.tenantIds, fields.stationCode, brands), "保存成功");
});

/** deleteServiceStation: an open station is where work is sent — 409 until it is closed; then deleted. */
export const deleteServiceStation = defineHandler<"deleteServiceStation">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("bss_service_station")
      .select(["code", "status"])
      .where("code", "=", query.stationCode)
      .where(inTenants("bss_service_station.tenant_id", p))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MSG_STATION_NOT_FOUND);
    if (row.status === "open") throw conflict(MSG_STATION_DELETE_OPEN);
    await trx.deleteFrom("bss_service_station").where("code", "=", row.code).execute();
  });
  return ok({ stationCode: query.stationCode }, "删除成功");
});
