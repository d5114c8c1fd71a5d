import * as d from "@tsp/domain";
import type { SeedContext } from "../../types";
import { DAY } from "./people";

/** The demo tenant's notification setting: on, a duty roster of two, offline and alarm watches told. */
export const SEEDED_INFORM: d.MonitorInformEdit = {
  enabled: true,
  events: ["keyState", "offline", "alarm"],
  channels: ["site", "sms"],
  receivers: [
    { name: "值班调度员", mobile: "13800138000", email: "duty@example.com" },
    { name: "运维主管", mobile: "13912345678", email: null },
  ],
  offlineHours: 24,
  alarmLevelMin: 2,
  noLoginDays: 7,
};

/**
 * Monitoring list: per tenant nine vehicles, three under each kind of watch, and the first one
 * also under alarm watch (a VIN may be watched for several reasons); the demo tenant also has a
 * notification setting (the isolation tenant keeps the default, so tests see both).
 */
export async function seedMonitor(ctx: SeedContext, now: number): Promise<void> {
  const { db } = ctx;
  for (const tenantId of ctx.tenantIds) {
    const mine = ctx.vehicles.filter((v) => v.tenantId === tenantId).slice(0, 9);
    const entries = mine.map((v, i) => ({
      tenant_id: tenantId,
      vin: v.vin,
      type: d.MONITOR_TYPES[i % 3] as d.MonitorType,
      created_at: now - (i + 1) * DAY,
      created_by: "admin",
    }));
    const first = mine[0];
    if (first) entries.push({ tenant_id: tenantId, vin: first.vin, type: 3, created_at: now, created_by: "admin" });
    if (entries.length > 0) await db.insertInto("ner_monitor").values(entries).execute();
  }
  const demo = ctx.tenantIds[0];
  if (demo !== undefined)
    await db
      .insertInto("ner_monitor_inform")
      .values({ tenant_id: demo, data: JSON.stringify(SEEDED_INFORM), update_by: "admin", update_time: now - DAY })
      .execute();
}
