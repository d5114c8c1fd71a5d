import { numberedPage, where } from "../../platform/listQuery";
import type { Rng } from "../../seed/rng";
import { defineHandler } from "../defineHandler";
import type { SeedContext, ServiceModule } from "../types";
import * as m0001 from "./migrations/0001_terminals";
import "./tables";

/** findJsatlVehicleList: the tenant's vehicles with an active-safety terminal, by VIN and plate substring, paged. */
const findJsatlVehicleList = defineHandler<"findJsatlVehicleList">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("jsatl_terminal as j").innerJoin("vehicle as v", "v.vin", "j.vin"), {
    tenant: ["j.tenant_id", principal],
    filters: (f) => [f.contains("j.vin", query.vin), f.contains("v.plate", query.plateNo)],
  });
  const columns = (s: typeof q) =>
    s.select(["j.vin", "v.plate", "j.terminal_phone", "j.terminal_id", "j.online", "j.last_location_time"]);
  return numberedPage(q, query, { order: ["j.vin"] }, columns, (r) => ({
    vin: r.vin,
    plateNo: r.plate,
    terminalPhone: r.terminal_phone,
    terminalId: r.terminal_id,
    online: r.online,
    lastLocationTime: r.last_location_time === null ? null : Number(r.last_location_time),
  }));
});

/** Every other demo vehicle carries an active-safety terminal (JT/T 808-2013 phone numbers). */
async function seedJsatl(ctx: SeedContext, rng: Rng): Promise<void> {
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

/** tsp-jsatl: vehicles with a JT/T 808 active-safety terminal (ADAS/DSM alarms, "苏标"). */
export const tspJsatl: ServiceModule = {
  name: "tsp-jsatl",
  migrations: { "tsp-jsatl:0001_terminals": m0001 },
  handlers: { findJsatlVehicleList },
  seed: seedJsatl,
};
