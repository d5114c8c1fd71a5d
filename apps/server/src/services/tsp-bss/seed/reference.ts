import type { SeedContext } from "../../types";
import { BRANDS, COLORS, MODELS, NER_MODELS, OEMS, PROVIDERS, SERIES, SHARED_OPTIONS } from "./referenceData";

/**
 * The shared reference tables (manufacturers, brand tree, providers, colours, shared option
 * lists) and the announcement models; answers the models' ids in NER_MODELS order.
 */
export async function seedReference(db: SeedContext["db"]): Promise<number[]> {
  await db
    .insertInto("bss_oem")
    .values([...OEMS])
    .execute();
  await db
    .insertInto("bss_brand")
    .values([...BRANDS])
    .execute();
  await db
    .insertInto("bss_series")
    .values([...SERIES])
    .execute();
  await db
    .insertInto("bss_model")
    .values(MODELS.map(({ id, series_id, name }) => ({ id, series_id, name })))
    .execute();
  await db
    .insertInto("bss_provider")
    .values(PROVIDERS.map(({ id, code, name }) => ({ id, code, name })))
    .execute();
  await db
    .insertInto("bss_vehicle_color")
    .values([...COLORS])
    .execute();
  await db
    .insertInto("bss_option")
    .values(
      Object.entries(SHARED_OPTIONS).flatMap(([kind, items]) =>
        items.map(([code, name], sort) => ({ kind, code, name, tenant_id: null, sort })),
      ),
    )
    .execute();
  const modelIds: number[] = [];
  for (const m of NER_MODELS) {
    const row = await db
      .insertInto("ner_vehicle_model")
      .values({ ...m })
      .returning("id")
      .executeTakeFirstOrThrow();
    modelIds.push(row.id);
  }
  return modelIds;
}
