import type { SeedContext } from "../../types";
import "../operate/tables";

/**
 * 电子围栏's demo data, no PRNG: two fences of the demo tenant filed by admin — a 3 km circle
 * over central Shanghai (where 故障报警's seeded vehicles report) bound to the tenant's first
 * 车辆分组, alarming on both crossings, and a polygon around Shanghai Hongqiao bound to one VIN,
 * alarming on leaving between 08:00 and 20:00 with a 60 km/h limit. No events are seeded: they
 * come from positions on ingest (the simulated fleet, or a frame sent to the gateway).
 */
export async function seedEnclosures(ctx: SeedContext): Promise<void> {
  const [demo] = ctx.tenantIds as [number];
  const admin = await ctx.db.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst();
  if (!admin) return;
  const group = await ctx.db
    .selectFrom("operate_vehicle_group")
    .select("id")
    .where("tenant_id", "=", demo)
    .orderBy("id")
    .executeTakeFirst();
  const vin = ctx.vehicles.find((v) => v.tenantId === demo)?.vin;
  const at = ctx.now.getTime() - 86_400_000;
  const base = { tenant_id: demo, owner_account_id: admin.id, created_by: "admin", created_at: at, updated_at: at };
  const [circle, polygon] = await ctx.db
    .insertInto("geofence")
    .values([
      {
        ...base,
        name: "上海市区",
        type: 1,
        position: "121.47,31.23",
        radius: 3,
        rule: "both",
        window_start: null,
        window_end: null,
        speed_limit: null,
        level: 2,
      },
      {
        ...base,
        name: "虹桥枢纽",
        type: 2,
        position: "121.30,31.18;121.34,31.18;121.34,31.21;121.30,31.21",
        radius: null,
        rule: "exit",
        window_start: 8 * 60,
        window_end: 20 * 60,
        speed_limit: 60,
        level: 3,
      },
    ])
    .returning("id")
    .execute();
  const bindings = [
    ...(group && circle ? [{ fence_id: circle.id, vin: null, group_id: group.id }] : []),
    ...(vin && polygon ? [{ fence_id: polygon.id, vin, group_id: null }] : []),
  ];
  if (bindings.length > 0) await ctx.db.insertInto("geofence_binding").values(bindings).execute();
}
