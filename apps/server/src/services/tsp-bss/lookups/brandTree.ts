import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants } from "../../../platform/principal";
import type { Handler } from "../../types";
import { must } from "../actor";
import { containsPattern, numberParam, textParam } from "../paging";
import "../tables";

interface ModelNode {
  modelId: number;
  modeName: string;
}
interface SeriesNode {
  seriesId: number;
  seriesName: string;
  modelVos: ModelNode[];
}
interface BrandNode {
  brandId: number;
  brandName: string;
  seriesVos: SeriesNode[];
}

/**
 * The brand → series → model tree (platform-shell.md §3 "Brand tree"), optionally only the
 * brands of one manufacturer, or only the branches holding the given models.
 */
export async function brandTree(
  db: Kysely<Database>,
  filter: { oemId?: number | undefined; modelIds?: readonly number[] | undefined },
): Promise<BrandNode[]> {
  if (filter.modelIds && filter.modelIds.length === 0) return [];
  let q = db
    .selectFrom("bss_brand as b")
    .innerJoin("bss_series as s", "s.brand_id", "b.id")
    .innerJoin("bss_model as m", "m.series_id", "s.id")
    .select([
      "b.id as brand_id",
      "b.name as brand_name",
      "s.id as series_id",
      "s.name as series_name",
      "m.id as model_id",
      "m.name as model_name",
    ]);
  if (filter.oemId !== undefined) q = q.where("b.oem_id", "=", filter.oemId);
  if (filter.modelIds) q = q.where("m.id", "in", filter.modelIds);
  const rows = await q.orderBy("b.id").orderBy("s.id").orderBy("m.id").execute();
  const brands: BrandNode[] = [];
  for (const r of rows) {
    let brand = brands.at(-1);
    if (brand?.brandId !== r.brand_id) {
      brand = { brandId: r.brand_id, brandName: r.brand_name, seriesVos: [] };
      brands.push(brand);
    }
    let series = brand.seriesVos.at(-1);
    if (series?.seriesId !== r.series_id) {
      series = { seriesId: r.series_id, seriesName: r.series_name, modelVos: [] };
      brand.seriesVos.push(series);
    }
    series.modelVos.push({ modelId: r.model_id, modeName: r.model_name });
  }
  return brands;
}

/** selectBrandTreeList: the search panel's tree; `vin` narrows it to the models of the tenant's matching vehicles. */
export const selectBrandTreeList: Handler = async ({ query, principal }, ctx) => {
  const vin = textParam(query.vin);
  let modelIds: number[] | undefined;
  if (vin) {
    const rows = await ctx.db
      .selectFrom("vehicle")
      .select("model_id")
      .distinct()
      .where("vin", "ilike", containsPattern(vin))
      .where("model_id", "is not", null)
      .where(inTenants("vehicle.tenant_id", must(principal)))
      .execute();
    modelIds = rows.map((r) => r.model_id).filter((id): id is number => id !== null);
  }
  return brandTree(ctx.db, { oemId: numberParam(query.oemId), modelIds });
};

/** selectBrandTree: the tree in tree mode, the brands of the manufacturer `oem`. */
export const selectBrandTree: Handler = async ({ query }, ctx) => brandTree(ctx.db, { oemId: numberParam(query.oem) });
