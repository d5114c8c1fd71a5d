import type { Handler, HandlerInput } from "../../types";
import { must } from "../actor";
import { containsPattern, limitOffset, numberParam, textParam, UNPAGED_MAX } from "../paging";
import { briefs, countOf, vehicleBase, withDims } from "./vehicleBase";

const dimsOf = (query: HandlerInput["query"]) => ({
  vin: textParam(query.vin),
  oemId: numberParam(query.oemId),
  unBindOwner: query.unBindOwner === true,
  brandId: numberParam(query.brandId),
  seriesId: numberParam(query.seriesId),
  modelId: numberParam(query.modelId),
});

/** findVinListByDim: the VIN picker (platform-shell.md §7), paged; asks up to 10000 at once. */
export const findVinListByDim: Handler = async ({ query, principal }, ctx) => {
  const q = withDims(vehicleBase(ctx.db, must(principal).tenantIds), dimsOf(query), containsPattern);
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  return { list: await briefs(q, limit, offset), total: await countOf(q) };
};

/** findByVin: vehicles whose VIN contains `vin`, paged. */
export const findByVin: Handler = async ({ query, principal }, ctx) => {
  const q = withDims(vehicleBase(ctx.db, must(principal).tenantIds), { vin: textParam(query.vin) }, containsPattern);
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  return { list: await briefs(q, limit, offset), total: await countOf(q) };
};

/** getExistVinList: vehicles with an AEBS configuration, by VIN substring, paged. */
export const getExistVinList: Handler = async ({ query, principal }, ctx) => {
  const q = withDims(
    vehicleBase(ctx.db, must(principal).tenantIds),
    { vin: textParam(query.vin) },
    containsPattern,
  ).where("v.aebs", "=", true);
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  return { list: await briefs(q, limit, offset), total: await countOf(q) };
};

/** findUnSale: vehicles without an actual-sale record, by VIN or plate, at most 200. */
export const findUnSale: Handler = async ({ query, principal }, ctx) => {
  let q = vehicleBase(ctx.db, must(principal).tenantIds).where("v.sold", "=", false);
  const kw = textParam(query.keyWords);
  if (kw) {
    const p = containsPattern(kw);
    q = q.where((eb) => eb.or([eb("v.vin", "ilike", p), eb("v.plate", "ilike", p)]));
  }
  return briefs(q, UNPAGED_MAX, 0);
};

/** T-BOX serial rows of a vehicle query, paged. */
async function snPage(q: ReturnType<typeof vehicleBase>, query: HandlerInput["query"]) {
  const withSn = q.where("v.tbox_sn", "is not", null);
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  const rows = await withSn.select(["v.tbox_sn", "v.vin"]).orderBy("v.tbox_sn").limit(limit).offset(offset).execute();
  return { list: rows.map((r) => ({ tboxSn: r.tbox_sn ?? "", vin: r.vin })), total: await countOf(withSn) };
}

/** findSnListByDim: the T-BOX serial picker — `tboxSn` plus the VIN picker's fields. */
export const findSnListByDim: Handler = async ({ query, principal }, ctx) => {
  let q = withDims(vehicleBase(ctx.db, must(principal).tenantIds), dimsOf(query), containsPattern);
  const sn = textParam(query.tboxSn);
  if (sn) q = q.where("v.tbox_sn", "ilike", containsPattern(sn));
  return snPage(q, query);
};

/** fuzzyFindTboxSn: serial numbers containing `keyWords`. */
export const fuzzyFindTboxSn: Handler = async ({ query, principal }, ctx) => {
  let q = vehicleBase(ctx.db, must(principal).tenantIds);
  const kw = textParam(query.keyWords);
  if (kw) q = q.where("v.tbox_sn", "ilike", containsPattern(kw));
  return snPage(q, query);
};

/** fuzzyFindPlates: plates containing `keyWords`, with their vehicle. */
export const fuzzyFindPlates: Handler = async ({ query, principal }, ctx) => {
  let q = vehicleBase(ctx.db, must(principal).tenantIds).where("v.plate", "is not", null);
  const kw = textParam(query.keyWords);
  if (kw) q = q.where("v.plate", "ilike", containsPattern(kw));
  const { limit, offset } = limitOffset(query.pageNum, query.pageSize);
  const rows = await q.select(["v.plate", "v.vin"]).orderBy("v.plate").limit(limit).offset(offset).execute();
  return { list: rows.map((r) => ({ plateNo: r.plate ?? "", vin: r.vin })), total: await countOf(q) };
};
