import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { defineHandler } from "../../defineHandler";
import { machineStates } from "../machinery/queries";
import { fleetOverview } from "../overview";

/** How long one computation of the public figures is shared by every caller. */
const CACHE_MS = 30_000;
/** A grid cell with fewer vehicles is left out: one vehicle in a cell would be its position. */
const MIN_CELL_VEHICLES = 3;

type Figures = Awaited<ReturnType<typeof compute>>;
const cache = new WeakMap<AppContext, { at: number; figures: Promise<Figures> }>();

async function compute(ctx: AppContext) {
  const everyTenant = (await ctx.db.selectFrom("tenant").select("id").execute()).map((t) => t.id);
  const [o, machines] = await Promise.all([
    fleetOverview(ctx, sql<SqlBool>`true`),
    machineStates(ctx, everyTenant, {}),
  ]);
  return {
    at: o.at,
    vehicles: o.vehicles,
    online: o.online,
    offline: o.offline,
    neverReported: o.neverReported,
    alarming: o.alarming,
    mileageToday: o.mileageToday,
    energyToday: o.energyToday,
    alarmsToday: o.alarmsToday,
    byCell: o.byCell
      .filter((c) => c.vehicles >= MIN_CELL_VEHICLES)
      .map((c) => ({ lng: c.lng, lat: c.lat, vehicles: c.vehicles, online: c.online })),
    machines: machines.counts,
  };
}

/**
 * getBigScreen (public, no session): platform-wide aggregates for the 大屏 — nothing per tenant,
 * no brand, no cell of fewer than three vehicles —, computed at most every 30 s and shared.
 */
export const getBigScreen = defineHandler<"getBigScreen">(async (_input, ctx) => {
  const now = ctx.now().getTime();
  const hit = cache.get(ctx);
  if (hit && now - hit.at < CACHE_MS) return hit.figures;
  const figures = compute(ctx);
  cache.set(ctx, { at: now, figures });
  // A failed computation is not shared: the next caller tries again.
  figures.catch(() => cache.delete(ctx));
  return figures;
});
