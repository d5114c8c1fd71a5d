import type { HandlerTable } from "../../defineHandler";
import type { SeedContext, ServiceModule } from "../../types";
import {
  createFleetFilter,
  deleteFleetFilter,
  exportFleetScreen,
  fleetExporter,
  groupFleetScreen,
  listFleetFilters,
  listFleetScreen,
  renameFleetFilter,
} from "./filters";
import * as m0026 from "./filtersIndexesMigration";
import * as m0075 from "./filtersMigration";
import { followVehicle, listFollowedVehicles, unfollowVehicle } from "./follow";

const handlers = {
  listFleetScreen,
  exportFleetScreen,
  groupFleetScreen,
  listFleetFilters,
  createFleetFilter,
  renameFleetFilter,
  deleteFleetFilter,
  listFollowedVehicles,
  followVehicle,
  unfollowVehicle,
} satisfies HandlerTable;

/** The demo administrator follows two vehicles and keeps one saved filter (no rng). */
async function seedFleet(ctx: SeedContext): Promise<void> {
  const admin = await ctx.db.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst();
  const own = ctx.vehicles.filter((v) => v.tenantId === ctx.tenantIds[0]);
  if (!admin || own.length < 2) return;
  const at = ctx.now.getTime();
  await ctx.db
    .insertInto("operate_vehicle_follow")
    .values(own.slice(-2).map((v, i) => ({ account_id: admin.id, vin: v.vin, followed_at: at - (i + 1) * 3_600_000 })))
    .execute();
  await ctx.db
    .insertInto("operate_fleet_filter")
    .values({
      account_id: admin.id,
      name: "离线超过24小时",
      filter: JSON.stringify({ offlineHours: 24 }),
      created_at: at,
    })
    .execute();
}

/**
 * tsp-bss's 高级筛选 (/operate/screen) and 我的关注 (/personal/follow), issue 18: the fleet
 * under master-data and latest-state conditions in one SQL query, an account's saved filters,
 * the result put in a 车辆分组, and the vehicles an account follows (listed first by 高级筛选).
 * Rules from @tsp/domain `fleetFilter/`.
 */
export const tspBssFleet: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0026_fleet_filter_indexes": m0026, "tsp-bss:0075_fleet_filters": m0075 },
  handlers,
  exporters: { exportFleetScreen: fleetExporter },
  seed: seedFleet,
};
