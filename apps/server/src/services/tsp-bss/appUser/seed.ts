import { createRng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import "./tables";
import { chinaDate } from "@tsp/domain";

const SEED = 20_0041;
const DAY = 24 * 3600 * 1000;
const NICKNAMES = [
  "老王开大车",
  "川A跑长途",
  "陈师傅",
  "林小姐",
  "阿强",
  "物流李哥",
  "赵工",
  "周末自驾",
  "刘女士",
  "冷链老张",
  "小马哥",
  "黄师傅",
];
const isoDate = chinaDate;

/**
 * App users of each tenant (20 for the demo tenant, 6 for the others) and their bindings: the
 * first vehicles each get an owner, some of them an authorised driver too; a few users are
 * disabled or not real-name checked, a few registered but never bound. Deterministic.
 */
export async function seedAppUsers(ctx: SeedContext): Promise<void> {
  const rng = createRng(SEED);
  const now = ctx.now.getTime();
  const [demo, other, sub] = ctx.tenantIds as [number, number, number];
  const users: Record<string, unknown>[] = [];
  const bindings: Record<string, unknown>[] = [];
  let serial = 0;
  for (const tenant of [demo, other, sub].filter((t) => t !== undefined)) {
    const count = tenant === demo ? 20 : 6;
    const ids: { id: string; enabled: boolean }[] = [];
    for (let i = 0; i < count; i++) {
      serial += 1;
      const registered = now - rng.int(30, 700) * DAY;
      const enabled = i % 9 !== 8;
      const id = `U${String(2024_0000 + serial)}`;
      ids.push({ id, enabled });
      users.push({
        tenant_id: tenant,
        user_id: id,
        phone: `1${rng.pick(["38", "39", "58", "86", "89", "77"])}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`,
        nickname: NICKNAMES[(serial - 1) % NICKNAMES.length],
        real_name_state: i % 5 === 4 ? "unverified" : i % 11 === 10 ? "rejected" : "verified",
        status: enabled ? "enabled" : "disabled",
        registered_on: isoDate(registered),
        last_sign_in: i % 7 === 6 ? null : isoDate(Math.min(now, registered + rng.int(0, 400) * DAY)),
        remark: enabled ? null : "用户申请注销，已停用",
        updated_at: 0,
        update_by: null,
        update_name: null,
      });
    }
    const vins = ctx.vehicles.filter((v) => v.tenantId === tenant).map((v) => v.vin);
    const active = ids.filter((u) => u.enabled);
    for (const [i, vin] of vins.slice(0, Math.min(vins.length, active.length - 2)).entries()) {
      const owner = active[i % (active.length - 2)] as { id: string };
      bindings.push({
        tenant_id: tenant,
        user_id: owner.id,
        vin,
        role: "owner",
        bound_at: now - rng.int(1, 300) * DAY,
        bound_by: null,
      });
      if (i % 3 === 0) {
        const driver = active[active.length - 1 - (i % 2)] as { id: string };
        if (driver.id !== owner.id)
          bindings.push({
            tenant_id: tenant,
            user_id: driver.id,
            vin,
            role: "driver",
            bound_at: now - rng.int(0, 30) * DAY,
            bound_by: null,
          });
      }
    }
  }
  if (users.length > 0)
    await ctx.db
      .insertInto("bss_app_user")
      .values(users as never)
      .execute();
  if (bindings.length > 0)
    await ctx.db
      .insertInto("bss_app_user_vehicle")
      .values(bindings as never)
      .execute();
}
