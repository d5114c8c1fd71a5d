import type { SeedContext } from "../types";
import "./tables";

const DAY = 86_400_000;

/**
 * Every vehicle's version journal: HW1.0 with firmware FW1.1 from three months ago, then FW1.2
 * (what the simulated terminals report) a week to four weeks ago. Every vehicle of the
 * registers, not only the platform seed's (modules listed before this one add more). No rng:
 * the history follows the VIN order, so it is the same on every machine.
 */
export async function seedVehicleVersions(ctx: SeedContext): Promise<void> {
  const now = ctx.now.getTime();
  const vehicles = await ctx.db.selectFrom("vehicle").select(["vin", "tenant_id"]).orderBy("vin").execute();
  const entry = (v: (typeof vehicles)[number], firmware: string, at: number) => ({
    tenant_id: Number(v.tenant_id),
    vin: v.vin,
    hardware_version: "HW1.0",
    firmware_version: firmware,
    source: "seed" as const,
    command_id: null,
    learnt_at: at,
  });
  const rows = vehicles.flatMap((v, i) => [
    entry(v, "FW1.1", now - 90 * DAY + i * 60_000),
    entry(v, "FW1.2", now - (7 + (i % 21)) * DAY),
  ]);
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insertInto("vehicle_version")
      .values(rows.slice(i, i + 500))
      .execute();
}
