import { inTenants } from "../../../platform/principal";
import type { Handler } from "../../types";
import { must } from "../actor";
import { containsPattern, limitOffset, numberParam, textParam, UNPAGED_MAX } from "../paging";
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

/**
 * findMeinListByDim: the farm-machinery VIN picker (platform-shell.md §7: vin, oemId,
 * unBindOwner, brand, series, model, cpxh, cpbh, jjxh). The VIN is a substring; brand,
 * series, model and the three codes match exactly, as the picker passes chosen values.
 */
export const findMeinListByDim: Handler = async ({ query, principal }, ctx) => {
  let q = ctx.db.selectFrom("bss_machinery").where(inTenants("bss_machinery.tenant_id", must(principal)));
  const vin = textParam(query.vin);
  if (vin) q = q.where("vin", "ilike", containsPattern(vin));
  const oemId = numberParam(query.oemId);
  if (oemId !== undefined) q = q.where("oem_id", "=", oemId);
  if (query.unBindOwner === true) q = q.where("owner_name", "is", null);
  for (const key of ["brand", "series", "model", "cpxh", "cpbh", "jjxh"] as const) {
    const value = textParam(query[key]);
    if (value) q = q.where(key, "=", value);
  }
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  const count = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  const rows = await q.select(COLUMNS).orderBy("vin").limit(limit).offset(offset).execute();
  return { list: rows.map(toMachinery), total: Number(count.n) };
};

/** listNongjiNoPage: machinery matching `keyWords` (VIN, serial, product model), at most 200. */
export const listNongjiNoPage: Handler = async ({ query, principal }, ctx) => {
  let q = ctx.db.selectFrom("bss_machinery").where(inTenants("bss_machinery.tenant_id", must(principal)));
  const kw = textParam(query.keyWords);
  if (kw) {
    const p = containsPattern(kw);
    q = q.where((eb) =>
      eb.or([eb("vin", "ilike", p), eb("cpbh", "ilike", p), eb("cpxh", "ilike", p), eb("mein", "ilike", p)]),
    );
  }
  const rows = await q.select(COLUMNS).orderBy("vin").limit(UNPAGED_MAX).execute();
  return rows.map(toMachinery);
};
