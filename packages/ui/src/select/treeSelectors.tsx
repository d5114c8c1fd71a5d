import {
  type Brand,
  brandOptions,
  buildRegionTree,
  type RegionNode,
  regionOptions,
  type TreeOption,
} from "@tsp/domain";
import { useEffect, useMemo, useState } from "react";
import { type TreeNode, TreeSelect } from "./TreeSelect";

/**
 * Domain tree options → select nodes. Ids get a per-level prefix so equal ids on different
 * levels (brand 1, series 1) stay distinct; the prefix is stripped when emitting.
 */
function toNodes(options: readonly TreeOption[], depth = 0): TreeNode[] {
  return options.map((o) => ({
    id: `${depth}:${o.value}`,
    label: o.label,
    ...(o.children?.length ? { children: toNodes(o.children, depth + 1) } : {}),
  }));
}

const rawId = (id: string) => id.slice(id.indexOf(":") + 1);

/** Region nodes (depth 3, the domain's list-to-tree rule) as select nodes. */
export function regionNodes(list: readonly RegionNode[]): TreeNode[] {
  return toNodes(regionOptions(buildRegionTree(list)));
}

/** Brand → series → model as select nodes (the domain's brand options). */
export function brandNodes(brands: readonly Brand[]): TreeNode[] {
  return toNodes(brandOptions(brands));
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

/** The node id of a region id at whatever level it sits. */
function findRegionNodeId(nodes: readonly TreeNode[], areaId: string): string | null {
  for (const n of nodes) {
    if (rawId(n.id) === areaId) return n.id;
    const sub = n.children ? findRegionNodeId(n.children, areaId) : null;
    if (sub) return sub;
  }
  return null;
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
  const nodes = useMemo(() => regionNodes(items), [items]);
  return (
    <TreeSelect
      label={label}
      nodes={nodes}
      value={value === null ? null : findRegionNodeId(nodes, value)}
      loading={loading}
      onChange={(id, path) =>
        onChange(
          id === null ? null : rawId(id),
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
  loader: () => Promise<Brand[]>;
  value: BrandCodes;
  onChange: (codes: BrandCodes) => void;
  label?: string;
}) {
  const { items, loading } = useLoaded(loader);
  const nodes = useMemo(() => brandNodes(items), [items]);
  const last = value.length ? `${value.length - 1}:${value[value.length - 1]}` : null;
  return (
    <TreeSelect
      label={label}
      nodes={nodes}
      value={last}
      loading={loading}
      onChange={(_id, path) => onChange(path.map((n) => rawId(n.id)) as BrandCodes)}
    />
  );
}
