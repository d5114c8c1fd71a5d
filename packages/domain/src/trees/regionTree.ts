import type { TreeOption } from "./treeOption";

/** Region depth (platform-shell.md §3 "areaLevel (max 3)", §9 "Region depth 3"). */
export const REGION_MAX_LEVEL = 3;

/** A region as the region list answers it (§3 "Region node: areaId, areaName, parentId, areaLevel"). */
export interface RegionNode {
  readonly areaId: string | number;
  readonly areaName: string;
  readonly parentId: string | number | null;
  readonly areaLevel: number;
}

/** A region with its children. */
export interface RegionTreeNode extends RegionNode {
  readonly children: readonly RegionTreeNode[];
}

/**
 * Builds the flat region list into a tree (§3 "the flat list is built into a tree"; depth 3).
 * Regions with areaLevel above 3 are left out. A region whose parent is not in the list (null,
 * "0", or missing) is a root. The list order is kept among siblings. Ids compare as text, so
 * 110000 and "110000" are the same region. A cycle in the data can never be reached from a
 * root, so it is left out rather than looping.
 */
export function buildRegionTree(list: readonly RegionNode[]): RegionTreeNode[] {
  const kept = list.filter((r) => r.areaLevel <= REGION_MAX_LEVEL);
  const ids = new Set(kept.map((r) => String(r.areaId)));
  const byParent = new Map<string, RegionNode[]>();
  for (const r of kept) {
    const parent = r.parentId === null || !ids.has(String(r.parentId)) ? "" : String(r.parentId);
    const siblings = byParent.get(parent);
    if (siblings === undefined) byParent.set(parent, [r]);
    else siblings.push(r);
  }
  const build = (parent: string, depth: number): RegionTreeNode[] =>
    (byParent.get(parent) ?? []).map((r) => ({
      ...r,
      children: depth < REGION_MAX_LEVEL ? build(String(r.areaId), depth + 1) : [],
    }));
  return build("", 1);
}

/** A region tree as tree-select options (leaves carry no children array). */
export function regionOptions(tree: readonly RegionTreeNode[]): TreeOption[] {
  return tree.map((r) =>
    r.children.length > 0
      ? { value: String(r.areaId), label: r.areaName, children: regionOptions(r.children) }
      : { value: String(r.areaId), label: r.areaName },
  );
}
