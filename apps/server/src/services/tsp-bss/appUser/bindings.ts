import {
  APP_USER_REGISTER,
  type AppBinding,
  type AppBindingRole,
  appBindingProblem,
  appUnbindProblem,
  maskAppPhone,
  msgRegisterNotFound,
} from "@tsp/domain";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import "./tables";

type Db = Kysely<Database> | Transaction<Database>;

/** The user `userId` of the caller's tenants (the caller's own tenant first), or 404. */
async function userOf(db: Db, p: Principal, userId: string, lock = false) {
  let q = db
    .selectFrom("bss_app_user")
    .selectAll()
    .where("user_id", "=", userId)
    .where(inTenants("bss_app_user.tenant_id", p))
    .orderBy((eb) => eb("tenant_id", "=", p.tenantId), "desc")
    .limit(1);
  if (lock) q = q.forUpdate();
  const user = await q.executeTakeFirst();
  if (!user) throw notFound(msgRegisterNotFound(APP_USER_REGISTER));
  return user;
}

/** The user's vehicles, newest binding first, with their plates. */
async function vehiclesOf(db: Db, tenantId: number, userId: string) {
  const rows = await db
    .selectFrom("bss_app_user_vehicle as b")
    .leftJoin("vehicle as v", "v.vin", "b.vin")
    .select(["b.vin", "v.plate", "b.role", "b.bound_at", "b.bound_by"])
    .where("b.tenant_id", "=", tenantId)
    .where("b.user_id", "=", userId)
    .orderBy("b.bound_at", "desc")
    .orderBy("b.vin")
    .execute();
  const list = rows.map((r) => ({
    vin: r.vin,
    plate: r.plate ?? null,
    role: r.role,
    boundAt: Number(r.bound_at),
    boundBy: r.bound_by,
  }));
  return { list, total: list.length };
}

/** Every binding of `vin` in the tenant (every user's). */
async function bindingsOfVehicle(db: Db, tenantId: number, vin: string): Promise<AppBinding[]> {
  return (await db
    .selectFrom("bss_app_user_vehicle")
    .select(["user_id as userId", "vin", "role"])
    .where("tenant_id", "=", tenantId)
    .where("vin", "=", vin)
    .execute()) as AppBinding[];
}

/** listAppUserVehicles: the vehicles a user is bound to. */
export const listAppUserVehicles = defineHandler<"listAppUserVehicles">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const user = await userOf(ctx.db, p, query.userId);
  return vehiclesOf(ctx.db, user.tenant_id, user.user_id);
});

/**
 * bindAppUserVehicle: binds a user to a vehicle of the caller's tenants as owner or driver,
 * checked by @tsp/domain appBindingProblem inside one transaction (the user row locked, so two
 * operators binding the same user are serialised; the partial unique index keeps one owner).
 */
export const bindAppUserVehicle = defineHandler<"bindAppUserVehicle">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const vin = body.vin.trim().toUpperCase();
  const role = body.role as AppBindingRole;
  const actor = await actorOf(p, ctx);
  const tenantId = await ctx.db.transaction().execute(async (trx) => {
    const user = await userOf(trx, p, body.userId, true);
    const vehicle = await trx
      .selectFrom("vehicle")
      .select("vin")
      .where("vin", "=", vin)
      .where(inTenants("vehicle.tenant_id", p))
      .executeTakeFirst();
    if (!vehicle) throw badRequest(`车辆${vin}不存在`, [{ field: "vin", msg: `车辆${vin}不存在` }]);
    const mine = (await trx
      .selectFrom("bss_app_user_vehicle")
      .select(["user_id as userId", "vin", "role"])
      .where("tenant_id", "=", user.tenant_id)
      .where("user_id", "=", user.user_id)
      .execute()) as AppBinding[];
    const others = await bindingsOfVehicle(trx, user.tenant_id, vin);
    const owner = others.find((b) => b.role === "owner");
    const ownerPhone = owner
      ? ((
          await trx
            .selectFrom("bss_app_user")
            .select("phone")
            .where("tenant_id", "=", user.tenant_id)
            .where("user_id", "=", owner.userId)
            .executeTakeFirst()
        )?.phone ?? null)
      : null;
    const problem = appBindingProblem(
      { userId: user.user_id, status: user.status, bindings: mine },
      others,
      vin,
      role,
      ownerPhone === null ? null : maskAppPhone(ownerPhone),
    );
    if (problem !== null) throw conflict(problem);
    await trx
      .insertInto("bss_app_user_vehicle")
      .values({
        tenant_id: user.tenant_id,
        user_id: user.user_id,
        vin,
        role,
        bound_at: ctx.now().getTime(),
        bound_by: actor.updateName,
      })
      .execute();
    return user.tenant_id;
  });
  return ok(await vehiclesOf(ctx.db, tenantId, body.userId), "绑定成功");
});

/** unbindAppUserVehicle: removes a binding; an owner goes after the drivers (@tsp/domain appUnbindProblem). */
export const unbindAppUserVehicle = defineHandler<"unbindAppUserVehicle">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const vin = body.vin.trim().toUpperCase();
  const tenantId = await ctx.db.transaction().execute(async (trx) => {
    const user = await userOf(trx, p, body.userId, true);
    const problem = appUnbindProblem(await bindingsOfVehicle(trx, user.tenant_id, vin), user.user_id, vin);
    if (problem !== null) throw conflict(problem);
    await trx
      .deleteFrom("bss_app_user_vehicle")
      .where("tenant_id", "=", user.tenant_id)
      .where("user_id", "=", user.user_id)
      .where("vin", "=", vin)
      .execute();
    return user.tenant_id;
  });
  return ok(await vehiclesOf(ctx.db, tenantId, body.userId), "解绑成功");
});
