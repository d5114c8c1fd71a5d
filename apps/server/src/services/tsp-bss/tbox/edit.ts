import {
  checkTboxEdit,
  chinaDay,
  MSG_TBOX_DEREGISTERED_BIND,
  MSG_TBOX_EXISTS,
  MSG_TBOX_NOT_BOUND,
  MSG_TBOX_STALE,
  msgTboxAlreadyBound,
  msgTboxDeleteBound,
  msgTboxVehicleHasTbox,
  type TboxEdit,
  type TboxProblem,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { cardProblem, factProblems, loadFacts, syncVehicleCard } from "./facts";
import { columnsOf, MSG_TBOX_NOT_FOUND, readTbox } from "./queries";

export const MSG_TBOX_VEHICLE_NOT_FOUND = "车辆不存在";

const refuse = (problems: readonly TboxProblem[]) => badRequest(problems[0]?.msg ?? "", [...problems]);

/** Every rule of a terminal: @tsp/domain's, then the registers'; throws 400 with every reason. */
async function checked(
  db: Kysely<Database>,
  p: Principal,
  input: unknown,
  boundVin: string | null,
  today: string,
): Promise<TboxEdit> {
  const c = checkTboxEdit(input, { today, boundVin });
  if (!c.ok) throw refuse(c.error);
  const facts = await loadFacts(db, p, c.value.iccid ? [c.value.iccid] : [], c.value.imei ? [c.value.imei] : []);
  const problems = factProblems(c.value, facts, p, boundVin);
  if (problems.length > 0) throw refuse(problems);
  return c.value;
}

/** The terminal row locked for a change, with its vehicle; 404 when the caller does not hold it. */
async function locked(trx: Kysely<Database>, p: Principal, sn: string) {
  const row = await trx
    .selectFrom("bss_tbox")
    .select(["sn", "iccid", "state", "updated_at"])
    .where("sn", "=", sn)
    .where(inTenants("bss_tbox.tenant_id", p))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(MSG_TBOX_NOT_FOUND);
  const vehicle = await trx.selectFrom("vehicle").select("vin").where("tbox_sn", "=", sn).executeTakeFirst();
  return { ...row, version: Number(row.updated_at), vin: vehicle?.vin ?? null };
}

/** getTbox: one terminal the caller holds. */
export const getTbox = defineHandler<"getTbox">(async ({ query, principal }, ctx) =>
  readTbox(ctx.db, must(principal).tenantIds, query.sn),
);

/** createTbox: a new terminal (unbound; binding is its own action). A serial already registered answers 400. */
export const createTbox = defineHandler<"createTbox">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const edit = await checked(trx, p, body, null, chinaDay(nowMs));
    const existing = await trx.selectFrom("bss_tbox").select("sn").where("sn", "=", edit.sn).executeTakeFirst();
    if (existing) throw badRequest(MSG_TBOX_EXISTS, [{ field: "sn", msg: MSG_TBOX_EXISTS }]);
    await trx
      .insertInto("bss_tbox")
      .values({
        sn: edit.sn,
        tenant_id: p.tenantId,
        ...columnsOf(edit),
        updated_at: nowMs,
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .execute();
  });
  return ok(await readTbox(ctx.db, p.tenantIds, body.sn), "保存成功");
});

/**
 * updateTbox: replaces the editable fields under optimistic concurrency (409 when the version
 * is not the one read). A bound terminal's card change moves the vehicle's ICCID and the SIM
 * register's binding in the same transaction.
 */
export const updateTbox = defineHandler<"updateTbox">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { updatedAt, ...fields } = body;
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, fields.sn);
    if (row.version !== updatedAt) throw conflict(MSG_TBOX_STALE);
    const edit = await checked(trx, p, fields, row.vin, chinaDay(nowMs));
    await trx
      .updateTable("bss_tbox")
      .set({
        ...columnsOf(edit),
        updated_at: Math.max(nowMs, row.version + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("sn", "=", edit.sn)
      .execute();
    if (row.vin !== null && row.iccid !== edit.iccid) await syncVehicleCard(trx, row.vin, edit.iccid);
  });
  return ok(await readTbox(ctx.db, p.tenantIds, fields.sn), "保存成功");
});

/** deleteTbox: deletes an unbound terminal; a bound one answers 409 naming its vehicle. */
export const deleteTbox = defineHandler<"deleteTbox">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, query.sn);
    if (row.vin !== null) throw conflict(msgTboxDeleteBound(row.vin));
    await trx.deleteFrom("bss_tbox").where("sn", "=", row.sn).execute();
  });
  return ok({ sn: query.sn }, "删除成功");
});

/**
 * bindTbox: puts the terminal on a vehicle of the caller's: the vehicle's tbox_sn (the one
 * source of the binding) and, from the terminal's card, the vehicle's ICCID and the card's
 * binding. One T-BOX per VIN: a vehicle with a terminal, or a terminal on a vehicle, answers
 * 409; a deregistered terminal or a card not usable on a vehicle answers 400.
 */
export const bindTbox = defineHandler<"bindTbox">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, body.sn);
    if (row.version !== body.updatedAt) throw conflict(MSG_TBOX_STALE);
    if (row.vin !== null) throw conflict(msgTboxAlreadyBound(row.vin));
    if (row.state === "deregistered")
      throw badRequest(MSG_TBOX_DEREGISTERED_BIND, [{ field: "sn", msg: MSG_TBOX_DEREGISTERED_BIND }]);
    const vehicle = await trx
      .selectFrom("vehicle")
      .select(["vin", "tbox_sn"])
      .where("vin", "=", body.vin)
      .where(inTenants("vehicle.tenant_id", p))
      .forUpdate()
      .executeTakeFirst();
    if (!vehicle) throw notFound(MSG_TBOX_VEHICLE_NOT_FOUND);
    if (vehicle.tbox_sn !== null) throw conflict(msgTboxVehicleHasTbox(vehicle.vin, vehicle.tbox_sn));
    const full = await trx.selectFrom("bss_tbox").selectAll().where("sn", "=", row.sn).executeTakeFirstOrThrow();
    if (full.iccid !== null) {
      const facts = await loadFacts(trx, p, [full.iccid], []);
      const msg = cardProblem(full.iccid, full.sn, facts, p, vehicle.vin);
      if (msg !== null) throw badRequest(msg, [{ field: "sn", msg }]);
    }
    await trx.updateTable("vehicle").set({ tbox_sn: row.sn }).where("vin", "=", vehicle.vin).execute();
    await syncVehicleCard(trx, vehicle.vin, full.iccid);
    await trx
      .updateTable("bss_tbox")
      .set({ updated_at: Math.max(nowMs, row.version + 1), update_by: actor.updateBy, update_name: actor.updateName })
      .where("sn", "=", row.sn)
      .execute();
  });
  return ok(await readTbox(ctx.db, p.tenantIds, body.sn), "绑定成功");
});

/**
 * unbindTbox: takes the terminal off its vehicle: the vehicle loses its serial and ICCID, the
 * card its vehicle. An activated terminal goes back to registered (it is no longer in service).
 */
export const unbindTbox = defineHandler<"unbindTbox">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, body.sn);
    if (row.version !== body.updatedAt) throw conflict(MSG_TBOX_STALE);
    if (row.vin === null) throw conflict(MSG_TBOX_NOT_BOUND);
    await syncVehicleCard(trx, row.vin, null);
    await trx.updateTable("vehicle").set({ tbox_sn: null }).where("vin", "=", row.vin).execute();
    await trx
      .updateTable("bss_tbox")
      .set({
        state: row.state === "activated" ? "registered" : row.state,
        updated_at: Math.max(nowMs, row.version + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("sn", "=", row.sn)
      .execute();
  });
  return ok(await readTbox(ctx.db, p.tenantIds, body.sn), "解绑成功");
});
