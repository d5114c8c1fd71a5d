import type { Rng } from "../../seed/rng";
import type { SeedContext } from "../types";
import "./tables";

/** Every other demo vehicle carries an active-safety terminal (JT/T 808-2013 phone numbers). */
export async function seedJsatl(ctx: SeedContext, rng: Rng): Promise<void> {
  const rows = ctx.vehicles
    .filter((_, i) => i % 2 === 0)
    .map((v, i) => ({
      vin: v.vin,
      tenant_id: v.tenantId,
      terminal_phone: `0${rng.pick(["139", "138", "150", "187"])}${String(10000000 + i * 7919 + rng.int(0, 7000)).slice(-8)}`,
      terminal_id: `${rng.pick(["YX", "HW", "RD"])}${String(80000 + i).padStart(5, "0")}`,
      online: rng.next() < 0.6,
      last_location_time: rng.next() < 0.9 ? ctx.now.getTime() - rng.int(1, 72 * 60) * 60_000 : null,
    }));
  if (rows.length > 0) await ctx.db.insertInto("jsatl_terminal").values(rows).execute();
}
