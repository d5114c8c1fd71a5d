import { normalizeVin } from "@tsp/domain";
import { badRequest, notFound, ok } from "../../../http/envelope";
import { countOf, limitOffset } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { fleetQuery, selectFleet, toFleetRow } from "./filtersQuery";
import "./filtersTables";

/** How many vehicles one account may follow (a working list, not a fleet). */
export const FOLLOW_MAX = 500;
const MSG_FOLLOW_FULL = `最多关注 ${FOLLOW_MAX} 辆车，请先取消不再关注的车辆`;
const MSG_NOT_FOLLOWED = "未关注该车辆";

/** listFollowedVehicles: the account's follows still within its tenants, newest follow first. */
export const listFollowedVehicles = defineHandler<"listFollowedVehicles">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const q = fleetQuery(ctx.db, p, query.vin ? { vin: query.vin } : {}, ctx.now().getTime()).where(
    "fo.followed_at",
    "is not",
    null,
  );
  const { limit, offset } = limitOffset(query);
  const [rows, total] = await Promise.all([
    selectFleet(q)
      .clearOrderBy()
      .orderBy("fo.followed_at", "desc")
      .orderBy("v.vin")
      .limit(limit)
      .offset(offset)
      .execute(),
    countOf(q),
  ]);
  return { list: rows.map((r) => ({ ...toFleetRow(r), followedAt: Number(r.followed_at) })), total };
});

export const followVehicle = defineHandler<"followVehicle">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const vin = normalizeVin(body.vin);
  const own = await ctx.db
    .selectFrom("vehicle")
    .select("vin")
    .where("vin", "=", vin)
    .where(inTenants("vehicle.tenant_id", p))
    .executeTakeFirst();
  if (!own) throw notFound("未找到该VIN的车辆");
  const count = await countOf(ctx.db.selectFrom("operate_vehicle_follow").where("account_id", "=", p.accountId));
  if (count >= FOLLOW_MAX) throw badRequest(MSG_FOLLOW_FULL, [{ field: "vin", msg: MSG_FOLLOW_FULL }]);
  await ctx.db
    .insertInto("operate_vehicle_follow")
    .values({ account_id: p.accountId, vin, followed_at: ctx.now().getTime() })
    .onConflict((c) => c.columns(["account_id", "vin"]).doNothing())
    .execute();
  return ok(null, "已关注");
});

export const unfollowVehicle = defineHandler<"unfollowVehicle">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const done = await ctx.db
    .deleteFrom("operate_vehicle_follow")
    .where("account_id", "=", p.accountId)
    .where("vin", "=", normalizeVin(body.vin))
    .executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) throw notFound(MSG_NOT_FOLLOWED);
  return ok(null, "已取消关注");
});
