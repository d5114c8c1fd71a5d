import type { AppContext } from "../context";
import { renumberFramesByArrival } from "../gateway/stores/frameOrder";
import type { OperationInfo } from "../openapi/operations";
import type { SeedContext, SeedSizes, ServiceModule } from "../services/types";
import { seedPlatform } from "./platformSeed";
import { createRng } from "./rng";

export const SEED_VERSION = "2";

/** Options of the demo set: the PRNG seed and the sizes. */
export interface SeedOptions {
  seed?: number;
  sizes?: Partial<SeedSizes>;
}

/** The default demo set: small enough to seed in seconds, big enough for several cursor pages. */
export const DEFAULT_SIZES: SeedSizes = { vehiclesPerTenant: 12, journalPerVehicle: 60 };

/**
 * Seeds the demo data once per database: the platform's rows, then each module's `seed` in
 * the order of `services/index.ts`, all in one transaction (a crash leaves no half seed).
 * A second start finds the marker and does nothing.
 */
export async function seedIfEmpty(
  ctx: Pick<AppContext, "db" | "now">,
  modules: readonly ServiceModule[],
  operations: readonly OperationInfo[],
  options: SeedOptions = {},
): Promise<boolean> {
  const seeded = await ctx.db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", "seed_version")
    .executeTakeFirst();
  if (seeded) return false;
  const sizes: SeedSizes = { ...DEFAULT_SIZES, ...options.sizes };
  const rng = createRng(options.seed ?? 20250314);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const platform = await seedPlatform(trx, rng, sizes, operations);
    const seedCtx: SeedContext = { db: trx, now, ...platform };
    for (const m of modules) await m.seed?.(seedCtx, rng, sizes);
    // Modules backfill frames of different days one after another: ids in arrival order again.
    await renumberFramesByArrival(trx);
    await trx.insertInto("app_meta").values({ key: "seed_version", value: SEED_VERSION }).execute();
    await trx.insertInto("app_meta").values({ key: "seeded_at", value: now.toISOString() }).execute();
  });
  return true;
}
