import { useEffect, useMemo, useState } from "react";
import { type TreeNode, TreeSelect } from "./TreeSelect";

/** Region node as the region call answers it (spec §3). */
export interface RegionNode {
  areaId: string;
  areaName: string;
  parentId: string | null;
  areaLevel: number;
}

/** Spec §9: region depth 3 (province, city, district). */
export const REGION_MAX_DEPTH = 3;

/**
 * Builds the flat region list into a tree of at most 3 levels; nodes whose parent is missing
 * become roots, deeper levels are dropped.
 * TODO(domain): switch to @tsp/domain's region list-to-tree once it is exported.
 */
export function regionTree(list: readonly RegionNode[]): TreeNode[] {
  const byParent = new Map<string, RegionNode[]>();
  const ids = new Set(list.map((r) => r.areaId));
  for (const r of list) {
    const key = r.parentId && ids.has(r.parentId) ? r.parentId : "";
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (parent: string, depth: number): TreeNode[] =>
    (byParent.get(parent) ?? []).map((r) => {
      const children = depth < REGION_MAX_DEPTH ? build(r.areaId, depth + 1) : [];
      return { id: r.areaId, label: r.areaName, ...(children.length ? { children } : {}) };
    });
  return build("", 1);
}

/** Brand tree as the brand call answers it (spec §3). */
export interface BrandTree {
  brandId: string;
  brandName: string;
  seriesVos?: { seriesId: string; seriesName: string; modelVos?: { modelId: string; modeName: string }[] }[];
}

/** Brand → series → model nodes; ids are prefixed by level so equal ids never collide. */
export function brandNodes(brands: readonly BrandTree[]): TreeNode[] {
  return brands.map((b) => ({
    id: `b:${b.brandId}`,
    label: b.brandName,
    children: (b.seriesVos ?? []).map((s) => ({
      id: `s:${s.seriesId}`,
      label: s.seriesName,
      children: (s.modelVos ?? []).map((m) => ({ id: `m:${m.modelId}`, label: m.modeName })),
    })),
  }));
}

/** The search form's codes: brand, series and model ids (spec §3 search form). */
export type BrandCodes = [] | [string] | [string, string] | [string, string, string];

function useLoaded<T>(load: () => Promise<T[]>): { items: T[]; loading: boolean } {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    load()
      .then((x) => live && setItems(x))
      .catch(() => live && setItems([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [load]);
  return { items, loading };
}

/** Region tree select (depth 3); `loader` answers the flat region list (e.g. area/allList). */
export function RegionTreeSelect({
  loader,
  value,
  onChange,
  label = "区域",
}: {
  loader: () => Promise<RegionNode[]>;
  value: string | null;
  onChange: (areaId: string | null, names: string[]) => void;
  label?: string;
}) {
  const { items, loading } = useLoaded(loader);
  const nodes = useMemo(() => regionTree(items), [items]);
  return (
    <TreeSelect
      label={label}
      nodes={nodes}
      value={value}
      loading={loading}
      onChange={(id, path) =>
        onChange(
          id,
          path.map((n) => n.label),
        )
      }
    />
  );
}

/**
 * Brand / series / model tree select; emits the codes array of the search form. `loader`
 * answers the brand tree (e.g. selectBrandTree).
 */
export function BrandTreeSelect({
  loader,
  value,
  onChange,
  label = "品牌/车系/车型",
}: {
  loader: () => Promise<BrandTree[]>;
  value: BrandCodes;
  onChange: (codes: BrandCodes) => void;
  label?: string;
}) {
  const { items, loading } = useLoaded(loader);
  const nodes = useMemo(() => brandNodes(items), [items]);
  const prefix = ["b:", "s:", "m:"];
  const last = value.length ? `${prefix[value.length - 1]}${value[value.length - 1]}` : null;
  return (
    <TreeSelect
      label={label}
      nodes={nodes}
      value={last}
      loading={loading}
      onChange={(_id, path) => onChange(path.map((n) => n.id.slice(2)) as BrandCodes)}
    />
  );
}
