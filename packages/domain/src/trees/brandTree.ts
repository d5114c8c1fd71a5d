import type { TreeOption } from "./treeOption";

/** A model of the brand tree (platform-shell.md §3: modelId, modeName — the spec's spelling). */
export interface BrandModel {
  readonly modelId: string | number;
  readonly modeName: string;
}

/** A series of the brand tree (§3: seriesId, seriesName, modelVos). */
export interface BrandSeries {
  readonly seriesId: string | number;
  readonly seriesName: string;
  readonly modelVos?: readonly BrandModel[] | null;
}

/** A brand of the brand tree (§3: brandId, brandName, seriesVos). */
export interface Brand {
  readonly brandId: string | number;
  readonly brandName: string;
  readonly seriesVos?: readonly BrandSeries[] | null;
}

/**
 * The brand / series / model tree as cascader options (§2 default search panel "brand/series/
 * model tree"); a level without entries has no children array, so it is a leaf.
 */
export function brandOptions(brands: readonly Brand[]): TreeOption[] {
  return brands.map((b) => {
    const series = (b.seriesVos ?? []).map((s) => {
      const models = (s.modelVos ?? []).map((m) => ({ value: String(m.modelId), label: m.modeName }));
      return models.length > 0
        ? { value: String(s.seriesId), label: s.seriesName, children: models }
        : { value: String(s.seriesId), label: s.seriesName };
    });
    return series.length > 0
      ? { value: String(b.brandId), label: b.brandName, children: series }
      : { value: String(b.brandId), label: b.brandName };
  });
}

/** A chosen path of the brand tree as the selector payload fields (§7 "brandId, seriesId, modelId"). */
export interface BrandSelection {
  readonly brandId?: string;
  readonly seriesId?: string;
  readonly modelId?: string;
}

/** The search form's codes (§3 "codes (brand/series/model ids)") → brandId / seriesId / modelId. */
export function brandSelection(codes: readonly string[]): BrandSelection {
  const [brandId, seriesId, modelId] = codes;
  return {
    ...(brandId === undefined ? {} : { brandId }),
    ...(seriesId === undefined ? {} : { seriesId }),
    ...(modelId === undefined ? {} : { modelId }),
  };
}
