import { chinaDay, type SimStatus } from "@tsp/domain";
import { sql } from "kysely";
import type { Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import "./tables";

const DAY = 24 * 3600 * 1000;
/** Monthly plans of IoT cards, MB (30 MB telemetry-only up to 3 GB with head-unit data). */
const PLANS = [30, 100, 500, 1024, 3072] as const;
const SEEDER = { update_by: "admin", update_name: "系统管理员" };

/**
 * States in turn (every state shows up even in a small demo set): vehicles in use — most
 * cards active, some suspended (unpaid, laid up), a few still in the test period; free cards
 * — mostly stock from the carrier's last delivery, a few test-period, spare or cancelled.
 */
const BOUND_CYCLE = ["active", "active", "suspended", "active", "active", "testing", "active"] as const;
const FREE_CYCLE = ["inventory", "cancelled", "inventory", "testing", "inventory", "active"] as const;

interface Register {
  iccid: string;
  status: SimStatus;
  activation_date: string | null;
  expiry_date: string | null;
  data_plan_mb: number | null;
  month_usage_mb: number;
  remark: string | null;
  updated_at: number;
  update_by: string | null;
  update_name: string | null;
}

/** Usage so far this month: the share of the plan a card of this kind burns by today, some over it. */
function usage(rng: Rng, plan: number, now: number, busy: number): number {
  const dayOfMonth = Number(chinaDay(now).slice(8, 10));
  const share = (dayOfMonth / 30) * busy * (0.4 + rng.next() * 0.9);
  return Math.round(plan * share * 10) / 10;
}

/** The register's facts of one card, by whether a vehicle uses it. */
function registerOf(rng: Rng, iccid: string, bound: boolean, now: number, index: number): Register {
  const activated = now - rng.int(40, 900) * DAY;
  const plan = rng.pick(PLANS);
  const touched = rng.next() < 0.35;
  const base = {
    iccid,
    remark: null,
    updated_at: touched ? now - rng.int(1, 60) * DAY - rng.int(0, 86_399) * 1000 : 0,
    update_by: touched ? SEEDER.update_by : null,
    update_name: touched ? SEEDER.update_name : null,
  };
  const term = (from: number) => chinaDay(from + rng.pick([1, 2, 3]) * 365 * DAY);
  if (bound) {
    const status = BOUND_CYCLE[index % BOUND_CYCLE.length] as SimStatus;
    if (status === "testing")
      return {
        ...base,
        status,
        activation_date: null,
        expiry_date: null,
        data_plan_mb: plan,
        month_usage_mb: usage(rng, 30, now, 0.3),
      };
    return {
      ...base,
      status,
      activation_date: chinaDay(activated),
      expiry_date: term(activated),
      data_plan_mb: plan,
      month_usage_mb: status === "suspended" ? 0 : usage(rng, plan, now, 1),
      remark: status === "suspended" ? rng.pick(["欠费停机", "车辆报停", "客户申请停机"]) : null,
    };
  }
  const status = FREE_CYCLE[index % FREE_CYCLE.length] as SimStatus;
  if (status === "inventory")
    return {
      ...base,
      status,
      activation_date: null,
      expiry_date: null,
      data_plan_mb: rng.next() < 0.5 ? plan : null,
      month_usage_mb: 0,
    };
  if (status === "testing")
    return {
      ...base,
      status,
      activation_date: null,
      expiry_date: null,
      data_plan_mb: plan,
      month_usage_mb: usage(rng, 30, now, 0.1),
    };
  return {
    ...base,
    status,
    activation_date: chinaDay(activated),
    expiry_date: term(activated),
    data_plan_mb: plan,
    month_usage_mb: status === "active" ? usage(rng, plan, now, 0.05) : 0,
    remark: status === "cancelled" ? rng.pick(["车辆报废，已销户", "换卡后销户"]) : "备用卡",
  };
}

/**
 * Fills in the register of every card tsp-bss seeded (one bound card per platform vehicle,
 * free cards per tenant): state, activation and expiry days, monthly plan and this month's
 * usage, remarks, and for about a third of them a last change by the administrator. Real-name
 * states stay those of tsp-bss's real-name records. Only `rng` and `ctx.now` vary it.
 */
export async function seedSimCards(ctx: SeedContext, rng: Rng): Promise<void> {
  const now = ctx.now.getTime();
  const cards = await ctx.db.selectFrom("bss_sim_card").select(["iccid", "vin"]).orderBy("iccid").execute();
  let bound = 0;
  let free = 0;
  const registers = cards.map((c) =>
    c.vin !== null ? registerOf(rng, c.iccid, true, now, bound++) : registerOf(rng, c.iccid, false, now, free++),
  );
  for (let i = 0; i < registers.length; i += 500) {
    const values = registers
      .slice(i, i + 500)
      .map(
        (r) =>
          sql`(${r.iccid}, ${r.status}, ${r.activation_date}, ${r.expiry_date}, ${r.data_plan_mb}, ${r.month_usage_mb}, ${r.remark}, ${r.updated_at}, ${r.update_by}, ${r.update_name})`,
      );
    // One statement per batch (PGlite and PostgreSQL alike); casts give the text parameters their types.
    await sql`update bss_sim_card as sc set
        status = v.status, activation_date = v.activation_date, expiry_date = v.expiry_date,
        data_plan_mb = v.data_plan_mb::int, month_usage_mb = v.month_usage_mb::float8, remark = v.remark,
        updated_at = v.updated_at::bigint, update_by = v.update_by, update_name = v.update_name
      from (values ${sql.join(values)}) as v(iccid, status, activation_date, expiry_date, data_plan_mb, month_usage_mb, remark, updated_at, update_by, update_name)
      where sc.iccid = v.iccid`.execute(ctx.db);
  }
}
