import * as d from "@tsp/domain";
import type { SearchField, SelectOption } from "@tsp/ui";
import { useCallback, useEffect, useState } from "react";
import type * as v from "valibot";
import * as api from "../../../api/vehicleModels";
import type { Translate } from "../../../i18n/i18n";

/** The brand-tree filters both screens share, as they live in the address (ids as text). */
export const treeFilterEntries = {
  oemId: d.textFilter(10),
  brandId: d.textFilter(10),
  seriesId: d.textFilter(10),
  modelId: d.textFilter(10),
  modelName: d.textFilter(60),
};
type TreeSearch = { [K in keyof typeof treeFilterEntries]: v.InferOutput<(typeof treeFilterEntries)[K]> };

/** A positive integer id from the address, or undefined (a hand-edited address sends nothing rather than a 400). */
const idOf = (text: string) => (/^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

/** The tree filters as the calls take them (empty ones left out). */
export function treeQuery(
  f: TreeSearch,
): Pick<api.CatalogueFilters, "oemId" | "brandId" | "seriesId" | "modelId" | "modelName"> {
  const out: Record<string, string | number> = {};
  for (const key of ["oemId", "brandId", "seriesId", "modelId"] as const) {
    const id = idOf(f[key]);
    if (id !== undefined) out[key] = id;
  }
  if (f.modelName) out.modelName = f.modelName;
  return out;
}

const NO_TREE: api.TreeChoices = { oems: [], brands: [], series: [], models: [] };

/**
 * The manufacturer → brand → series → model lists (the spec's four list calls), loaded once per
 * screen; `reload` after a brand or series changed. Empty until loaded (a failed load was toasted).
 */
export function useTreeChoices(): api.TreeChoices & { reload: () => void } {
  const [tree, setTree] = useState<api.TreeChoices>(NO_TREE);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    // Read again on every round (`reload`).
    Promise.resolve(round)
      .then(() => api.treeChoices())
      .then((t) => live && setTree(t))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...tree, reload };
}

/**
 * The brand-tree fields of a search panel: each list narrowed by the choice above it as it is in
 * the address (the panel's draft is the form's own), labelled with its parent so a flat list
 * still reads as a path.
 */
/** The options under the parent chosen above (all of them while none is). */
const under = <O extends SelectOption>(options: readonly O[], parent: string, ok: (o: O) => boolean) =>
  parent === "" ? [...options] : options.filter(ok);

export function treeSearchFields(t: Translate, tree: api.TreeChoices, f: TreeSearch): SearchField[] {
  const brands = under(tree.brands, f.oemId, (b) => String(b.oemId) === f.oemId);
  const series = under(tree.series, f.brandId, (s) => String(s.brandId) === f.brandId);
  const models = under(tree.models, f.seriesId, (m) => String(m.seriesId) === f.seriesId);
  return [
    { kind: "choice", key: "oemId", label: t("vmodel.oem"), options: tree.oems },
    { kind: "choice", key: "brandId", label: t("vmodel.brand"), options: brands },
    { kind: "choice", key: "seriesId", label: t("vmodel.series"), options: series },
    { kind: "choice", key: "modelId", label: t("vmodel.model"), options: models },
    { kind: "text", key: "modelName", label: t("vmodel.modelName") },
  ];
}
