import { firstRows, numberedPage, where } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import "../tables";

const COLUMNS = ["vin", "mein", "brand", "series", "model", "cpxh", "cpbh", "jjxh", "owner_name"] as const;

const toMachinery = (r: Record<(typeof COLUMNS)[number], string | null>) => ({
  vin: r.vin ?? "",
  mein: r.mein ?? "",
  brand: r.brand ?? "",
  series: r.series ?? "",
  model: r.model ?? "",
  cpxh: r.cpxh ?? "",
  cpbh: r.cpbh ?? "",
  jjxh: r.jjxh ?? "",
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

/** listNongjiNoPage: machinery matching `keyWords` (VIN, serial, product model), at most 200. */
export const listNongjiNoPage = defineHandler<"listNongjiNoPage">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("bss_machinery"), {
    tenant: ["bss_machinery.tenant_id", principal],
    filters: (f) => [f.keyword(["vin", "cpbh", "cpxh", "mein"], query.keyWords)],
  });
  return firstRows(q, byVin, (s) => s.select(COLUMNS), toMachinery);
});
