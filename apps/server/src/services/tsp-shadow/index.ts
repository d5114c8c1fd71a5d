import type { Rng } from "../../seed/rng";
import type { SeedContext, ServiceModule } from "../types";
import { getTotalFuelAlert } from "./fuelAlerts";
import * as m0001 from "./migrations/0001_fuel_alerts";
import { FUEL_ALERT_TYPES } from "./tables";

/** A few fuel alerts a day over the last 30 days for a third of the demo vehicles. */
async function seedFuelAlerts(ctx: SeedContext, rng: Rng): Promise<void> {
  const now = ctx.now.getTime();
  const rows = ctx.vehicles
    .filter((_, i) => i % 3 === 0)
    .flatMap((v) =>
      Array.from({ length: rng.int(2, 8) }, () => ({
        tenant_id: v.tenantId,
        vin: v.vin,
        // Low fuel is the common case; drops and sensor faults are rarer.
        type: rng.pick([...FUEL_ALERT_TYPES, "lowFuel", "lowFuel"] as const),
        ts: now - rng.int(0, 30 * 24 * 60) * 60_000,
      })),
    );
  if (rows.length > 0) await ctx.db.insertInto("fuel_alert").values(rows).execute();
}

/** tsp-shadow: the vehicle shadow's fuel-alert totals (JT/T 808 fuel level). */
export const tspShadow: ServiceModule = {
  name: "tsp-shadow",
  migrations: { "tsp-shadow:0001_fuel_alerts": m0001 },
  handlers: { getTotalFuelAlert },
  seed: seedFuelAlerts,
};
