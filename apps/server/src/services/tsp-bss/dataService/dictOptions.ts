import { type DictType, dictionaryOptions } from "@tsp/domain";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import "./tables";

/**
 * listDictOptions: one dictionary's options for selects (@tsp/domain `dictionaryOptions`:
 * enabled items by order, plus the record's current one), from the caller's tenants; an item
 * kept by the caller's own tenant wins over a sub-tenant's of the same code.
 */
export const listDictOptions = defineHandler<"listDictOptions">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  if (p.tenantIds.length === 0) return [];
  const rows = await ctx.db
    .selectFrom("bss_dict_item")
    .select(["code", "dict_type", "label", "sort_order", "state", "tenant_id"])
    .where("tenant_id", "in", p.tenantIds)
    .where("dict_type", "=", query.dictType)
    .execute();
  const byCode = new Map<string, (typeof rows)[number]>();
  for (const r of rows.toSorted((a, b) => Number(a.tenant_id === p.tenantId) - Number(b.tenant_id === p.tenantId)))
    byCode.set(r.code, r);
  const items = [...byCode.values()].map((r) => ({
    code: r.code,
    dictType: r.dict_type,
    label: r.label,
    sortOrder: r.sort_order,
    state: r.state,
  }));
  return dictionaryOptions(items, query.dictType as DictType, query.current ?? null).slice(0, 200);
});
