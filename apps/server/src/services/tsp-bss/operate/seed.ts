import { COMMAND, encodeRealtimeMessage } from "@tsp/domain";
import type { Insertable } from "kysely";
import { writeDecodedStores } from "../../../gateway/stores/decodedStores";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../../gateway/stores/partitions";
import type { SeedContext } from "../../types";
import type { AlarmHandlingTable } from "./tables";

const MINUTE = 60_000;
/** 温度差异报警 (bit 0) and 电池高温报警 (bit 1): a thermal problem, the standard's level 3. */
const THERMAL = 0b11;

/**
 * 故障报警, 车辆分组 and 个人消息's demo data, no PRNG (fixed picks from the vehicles in VIN order):
 * - three GB/T 32960 vehicles of the demo tenant report a level-3 thermal alarm this morning
 *   (frames built by @tsp/domain's encoder, stored through the gateway's own writer like the
 *   frames seed): two still on, one ended after four minutes — so 故障报警 has 持续中 episodes
 *   and 个人消息 has level-3 messages;
 * - yesterday's episodes (the frames seed's) handled in part: some 已确认, some 已关闭 with notes;
 * - two groups of the demo tenant and one of the isolation tenant.
 */
export async function seedOperate(ctx: SeedContext): Promise<void> {
  const [demo, other] = ctx.tenantIds as [number, number];
  const now = ctx.now.getTime();
  // The frames seed speaks JT/T 808 for one vehicle in four (index 3 mod 4): pick GB/T 32960 ones.
  const gbt = ctx.vehicles.filter((v, i) => v.tenantId === demo && i % 4 !== 3).slice(0, 3);
  const start = now - 2 * 60 * MINUTE;
  const rows = gbt.flatMap((v, k) =>
    [0, 1, 2, 3, 4].flatMap((m) => {
      // The third vehicle's alarm clears at its fifth report; the others are still on.
      const on = !(k === 2 && m === 4);
      const at = start + k * 7 * MINUTE + m * MINUTE;
      const hex = encodeRealtimeMessage(v.vin, {
        collectedAt: at,
        longitude: 121.47 + k * 0.05 + m * 0.002,
        latitude: 31.23 + k * 0.03,
        speedKmh: 42 + m,
        mileageKm: 12_000 + k * 1000 + m * 0.7,
        soc: 64 - m,
        ...(on ? { alarm: { level: 3, flags: THERMAL } } : {}),
      });
      if (!hex.ok) return [];
      return [
        {
          received_at: at + 1200,
          vin: v.vin,
          command: COMMAND.realtimeData,
          edition: 2016,
          raw_hex: hex.value,
          status: "ok" as const,
          reason: null,
          peer: `10.30.${k + 1}.8:41${k}00`,
        },
      ];
    }),
  );
  if (rows.length > 0) {
    await ensureDayPartitions(
      ctx.db,
      DAY_PARTITIONED,
      rows.map((r) => r.received_at),
      new Set(),
    );
    const ids = await ctx.db.insertInto("gateway_frame").values(rows).returning("id").execute();
    await writeDecodedStores(
      ctx.db,
      rows.map((r, i) => ({
        id: Number(ids[i]?.id),
        receivedAt: r.received_at,
        vin: r.vin,
        rawHex: r.raw_hex,
        status: r.status,
      })),
    );
  }

  const yesterday = await ctx.db
    .selectFrom("gateway_alarm")
    .innerJoin("vehicle", "vehicle.vin", "gateway_alarm.vin")
    .select(["gateway_alarm.id", "gateway_alarm.name", "gateway_alarm.ended_at"])
    .where("vehicle.tenant_id", "=", demo)
    .where("gateway_alarm.started_at", "<", start - 60 * MINUTE)
    .orderBy("gateway_alarm.id")
    .execute();
  const handled = yesterday.flatMap((a, i): Insertable<AlarmHandlingTable>[] => {
    const ended = Number(a.ended_at ?? now);
    if (i % 3 === 0)
      return [
        {
          alarm_id: Number(a.id),
          tenant_id: demo,
          state: "acknowledged" as const,
          acknowledged_by: "运营值班",
          acknowledged_at: ended + 6 * MINUTE,
          acknowledge_note: "已电话联系司机，靠边检查",
        },
      ];
    if (i % 3 === 1)
      return [
        {
          alarm_id: Number(a.id),
          tenant_id: demo,
          state: "closed" as const,
          acknowledged_by: "运营值班",
          acknowledged_at: ended + 5 * MINUTE,
          acknowledge_note: null,
          closed_by: "系统管理员",
          closed_at: ended + 95 * MINUTE,
          close_note: a.name.includes("绝缘") ? "绝缘检测复位，服务站复检正常" : "司机已休息，报警解除",
        },
      ];
    return [];
  });
  for (let i = 0; i < handled.length; i += 500)
    await ctx.db
      .insertInto("operate_alarm_handling")
      .values(handled.slice(i, i + 500))
      .execute();

  const own = ctx.vehicles.filter((v) => v.tenantId === demo).map((v) => v.vin);
  const theirs = ctx.vehicles.filter((v) => v.tenantId === other).map((v) => v.vin);
  const groups: [number, string, string[]][] = [
    [demo, "华东干线车队", own.filter((_, i) => i % 3 === 0).slice(0, 6)],
    [demo, "冷链配送", own.filter((_, i) => i % 3 === 1).slice(0, 4)],
    [other, "北方区域", theirs.slice(0, 3)],
  ];
  for (const [tenant, name, vins] of groups) {
    const g = await ctx.db
      .insertInto("operate_vehicle_group")
      .values({ tenant_id: tenant, name, created_by: "系统管理员", created_at: now - 20 * 86_400_000 })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (vins.length > 0)
      await ctx.db
        .insertInto("operate_vehicle_group_member")
        .values(
          vins.map((vin, i) => ({
            group_id: g.id,
            vin,
            added_by: "系统管理员",
            added_at: now - (20 - i) * 86_400_000,
          })),
        )
        .execute();
  }
}
