import { firstRows, numberedPage, where } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import "../tables";

/** Text columns answered as "" when unknown (openapi Machinery: required strings). */
const TEXT_COLUMNS = ["vin", "mein", "brand", "series", "model", "cpxh", "cpbh", "jjxh"] as const;
const COLUMNS = [...TEXT_COLUMNS, "owner_name"] as const;

const toMachinery = (r: Record<(typeof COLUMNS)[number], string | null>) => ({
  ...(Object.fromEntries(TEXT_COLUMNS.map((c) => [c, r[c] ?? ""])) as Record<(typeof TEXT_COLUMNS)[number], string>),
  ownerName: r.owner_name,
});

const byVin = { order: ["vin"] } as const;

/**
 * findMeinListByDim: the farm-machinery VIN picker (platform-shell.md §7: vin, oemId,
 * unBindOwner, brand, series, model, cpxh, cpbh, jjxh). The VIN is a substring; brand,
 * series, model and the three codes match exactly, as the picker passes chosen values.
 */
export const findMeinListByDim = defineHandler<"findMeinListByDim">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("bss_machinery"), {
    tenant: ["bss_machinery.tenant_id", principal],
    filters: (f) => [
      f.contains("vin", query.vin),
      f.exact("oem_id", query.oemId),
      f.isNull("owner_name", query.unBindOwner),
      ...(["brand", "series", "model", "cpxh", "cpbh", "jjxh"] as const).map((key) => f.exact(key, query[key])),
    ],
  });
  return numberedPage(q, query, byVin, (s) => s.select(COLUMNS), toMachinery);
});

/** listNongjiNoPage: machinery matching `keyWords` (VIN, serial, product model): the first 200 and the total (more exist when it is larger). */
export const listNongjiNoPage = defineHandler<"listNongjiNoPage">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("bss_machinery"), {
    tenant: ["bss_machinery.tenant_id", principal],
    filters: (f) => [f.keyword(["vin", "cpbh", "cpxh", "mein"], query.keyWords)],
  });
  return firstRows(q, byVin, (s) => s.select(COLUMNS), toMachinery);
});
