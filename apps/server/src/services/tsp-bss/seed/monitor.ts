import type { SeedContext } from "../../types";
import { DAY } from "./people";

/** Monitoring list: a few key vehicles, offline and alarm watches per tenant. */
export async function seedMonitor(ctx: SeedContext, now: number): Promise<void> {
  const { db } = ctx;
  for (const tenantId of ctx.tenantIds) {
    const mine = ctx.vehicles.filter((v) => v.tenantId === tenantId);
    const entries = mine.slice(0, 6).map((v, i) => ({
      tenant_id: tenantId,
      vin: v.vin,
      type: ((i % 3) + 1) as 1 | 2 | 3,
      created_at: now - (i + 1) * DAY,
      created_by: "admin",
    }));
    if (entries.length > 0) await db.insertInto("ner_monitor").values(entries).execute();
  }
}
