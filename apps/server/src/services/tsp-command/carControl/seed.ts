import { addMonths, dayStart, REMOTE_GROUPS } from "@tsp/domain";
import type { SeedContext } from "../../types";
import "../../../gateway/commands/tables";
import "./tables";

const DAY = 86_400_000;
const BY = "系统管理员";

/**
 * 车控服务 demo data (no rng): three packages of the demo tenant and one of the second; every
 * vehicle subscribed to the full package from three months ago for a year — so 远程控制 works on
 * every seeded vehicle as before — except, when the demo tenant has ten vehicles or more, four of
 * its last ones: one on the basic package (车门锁 + 寻车 only), one 即将到期, one 已过期, one 已停用.
 * Reminder rules for admin (站内消息, every result and group) and operator (短信 + 站内消息, failed and
 * expired 车门锁 / 远程启动), and three remote-control commands of the demo tenant's second vehicle
 * that ended failed, expired and cancelled, so 车控提醒 has reminders to show.
 */
export async function seedCarControl(ctx: SeedContext): Promise<void> {
  const now = ctx.now.getTime();
  const today = dayStart(now);
  const [demo, second] = ctx.tenantIds as [number, number];
  const pkg = async (tenantId: number, name: string, groups: string[], months: number, remark: string | null) =>
    (
      await ctx.db
        .insertInto("ccs_package")
        .values({
          tenant_id: tenantId,
          name,
          groups: groups as never,
          validity_months: months,
          remark,
          updated_by: BY,
          updated_at: now - 120 * DAY,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const full = await pkg(demo, "全功能车控包", [...REMOTE_GROUPS], 12, "车门锁、寻车、空调、车窗、远程启动");
  const basic = await pkg(demo, "基础车控包", ["lock", "findCar"], 12, null);
  await pkg(demo, "舒适包", ["climate", "windows"], 6, "空调与车窗");
  const fullSecond = await pkg(second, "全功能车控包", [...REMOTE_GROUPS], 12, null);

  const from = addMonths(today, -3);
  // Every vehicle in the table: modules seeded after the platform (machinery, head units, …) add their own.
  const vehicles = (await ctx.db.selectFrom("vehicle").select(["vin", "tenant_id"]).orderBy("vin").execute()).map(
    (v) => ({
      vin: v.vin,
      tenantId: Number(v.tenant_id),
    }),
  );
  const demoVins = vehicles.filter((v) => v.tenantId === demo).map((v) => v.vin);
  const special = new Map<
    string,
    { package_id: number; valid_from: number; valid_to: number; stopped_at: number | null }
  >();
  if (demoVins.length >= 10) {
    const [a, b, c, d] = demoVins.slice(-4) as [string, string, string, string];
    special.set(a, { package_id: basic, valid_from: from, valid_to: addMonths(from, 12), stopped_at: null });
    special.set(b, {
      package_id: full,
      valid_from: addMonths(today, -12),
      valid_to: today + 12 * DAY,
      stopped_at: null,
    });
    special.set(c, {
      package_id: full,
      valid_from: addMonths(today, -13),
      valid_to: today - 20 * DAY,
      stopped_at: null,
    });
    special.set(d, { package_id: full, valid_from: from, valid_to: addMonths(from, 12), stopped_at: now - 2 * DAY });
  }
  const rows = vehicles.map((v) => {
    const s = special.get(v.vin) ?? {
      package_id: v.tenantId === second ? fullSecond : full,
      valid_from: from,
      valid_to: addMonths(from, 12),
      stopped_at: null,
    };
    return {
      tenant_id: v.tenantId,
      vin: v.vin,
      ...s,
      stopped_by: s.stopped_at === null ? null : BY,
      updated_by: BY,
      updated_at: s.stopped_at ?? from,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insertInto("ccs_subscription")
      .values(rows.slice(i, i + 500))
      .execute();

  const accounts = await ctx.db
    .selectFrom("account")
    .select(["id", "username"])
    .where("username", "in", ["admin", "operator"])
    .where("tenant_id", "=", demo)
    .execute();
  for (const a of accounts) {
    const admin = a.username === "admin";
    await ctx.db
      .insertInto("ccs_remind_rule")
      .values({
        tenant_id: demo,
        account_id: a.id,
        channels: admin ? ["site"] : ["sms", "site"],
        results: admin ? ["failed", "expired", "cancelled"] : ["failed", "expired"],
        groups: admin ? [...REMOTE_GROUPS] : ["lock", "engine"],
        vins: [],
        enabled: true,
        remark: admin ? null : "夜间值班",
        updated_by: BY,
        updated_at: now - 30 * DAY,
      })
      .execute();
  }

  const vin = demoVins[1];
  if (vin === undefined) return;
  const ended = [
    { action: "findCar", state: "failed", at: now - 26 * 3_600_000, reason: "终端应答失败" },
    { action: "lock", state: "expired", at: now - 5 * 3_600_000, reason: "超过有效期未应答" },
    { action: "climateOn", state: "cancelled", at: now - 3 * 3_600_000, reason: "操作员撤销" },
  ] as const;
  for (const e of ended) {
    const created = e.at - 600_000;
    const remote = e.action === "climateOn" ? { action: e.action, value: 24 } : { action: e.action };
    const { id } = await ctx.db
      .insertInto("gateway_command")
      .values({
        tenant_id: demo,
        vin,
        kind: "remoteControl",
        params: JSON.stringify({ remote }),
        sender: "admin",
        state: e.state,
        created_at: created,
        expires_at: e.at,
        sent_at: e.state === "cancelled" ? null : created + 1000,
        wire_time: null,
        acknowledged_at: null,
        finished_at: e.at,
        reason: e.reason,
        answer: null,
        answer_hex: null,
        request_hex: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const events = [
      { command_id: id, state: "queued" as const, at: created, note: null },
      ...(e.state === "cancelled" ? [] : [{ command_id: id, state: "sent" as const, at: created + 1000, note: null }]),
      { command_id: id, state: e.state, at: e.at, note: e.reason },
    ];
    await ctx.db.insertInto("gateway_command_event").values(events).execute();
  }
}
