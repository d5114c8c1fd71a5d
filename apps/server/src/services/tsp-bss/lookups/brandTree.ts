import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { where } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
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
  // Three short shared tables, read whole (or narrowed) and nested here, in id order.
  let brandQuery = db.selectFrom("bss_brand").select(["id", "name"]);
  if (filter.oemId !== undefined) brandQuery = brandQuery.where("oem_id", "=", filter.oemId);
  let modelQuery = db.selectFrom("bss_model").select(["id", "name", "series_id"]);
  if (filter.modelIds) modelQuery = modelQuery.where("id", "in", filter.modelIds);
  const [brands, series, models] = await Promise.all([
    brandQuery.orderBy("id").execute(),
    db.selectFrom("bss_series").select(["id", "name", "brand_id"]).orderBy("id").execute(),
    modelQuery.orderBy("id").execute(),
  ]);
  // Only branches that end in a model, as the spec's tree shows them.
  const seriesNodes = series
    .map((s) => ({
      brandId: s.brand_id,
      node: {
        seriesId: s.id,
        seriesName: s.name,
        modelVos: models.filter((m) => m.series_id === s.id).map((m) => ({ modelId: m.id, modeName: m.name })),
      },
    }))
    .filter((s) => s.node.modelVos.length > 0);
  return brands
    .map((b) => ({
      brandId: b.id,
      brandName: b.name,
      seriesVos: seriesNodes.filter((s) => s.brandId === b.id).map((s) => s.node),
    }))
    .filter((b) => b.seriesVos.length > 0);
}

/** selectBrandTreeList: the search panel's tree; `vin` narrows it to the models of the tenant's matching vehicles. */
export const selectBrandTreeList = defineHandler<"selectBrandTreeList">(async ({ query, principal }, ctx) => {
  let modelIds: number[] | undefined;
  if (query.vin) {
    const rows = await where(ctx.db.selectFrom("vehicle"), {
      tenant: ["vehicle.tenant_id", principal],
      filters: (f) => [f.contains("vin", query.vin)],
    })
      .select("model_id")
      .distinct()
      .where("model_id", "is not", null)
      .execute();
    modelIds = rows.map((r) => r.model_id).filter((id): id is number => id !== null);
  }
  return brandTree(ctx.db, { oemId: query.oemId, modelIds });
});

/** selectBrandTree: the tree in tree mode, the brands of the manufacturer `oem`. */
export const selectBrandTree = defineHandler<"selectBrandTree">(async ({ query }, ctx) =>
  brandTree(ctx.db, { oemId: query.oem }),
);
