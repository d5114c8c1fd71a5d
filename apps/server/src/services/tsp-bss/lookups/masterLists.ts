import type { Handler } from "../../types";
import "../tables";

/** listProviders: every T-BOX provider (a short shared list). */
export const listProviders: Handler = async (_input, ctx) => {
  const rows = await ctx.db.selectFrom("bss_provider").selectAll().orderBy("id").execute();
  return rows.map((r) => ({ providerId: r.id, providerCode: r.code, providerName: r.name }));
};

/** listOems: every manufacturer. */
export const listOems: Handler = async (_input, ctx) => {
  const rows = await ctx.db.selectFrom("bss_oem").selectAll().orderBy("id").execute();
  return rows.map((r) => ({ oemId: r.id, oemCode: r.code, oemName: r.name }));
};

/** listBrands: every brand with its manufacturer. */
export const listBrands: Handler = async (_input, ctx) => {
  const rows = await ctx.db.selectFrom("bss_brand").selectAll().orderBy("id").execute();
  return rows.map((r) => ({ brandId: r.id, brandName: r.name, oemId: r.oem_id }));
};

/** listSeries: every series with its brand. */
export const listSeries: Handler = async (_input, ctx) => {
  const rows = await ctx.db.selectFrom("bss_series").selectAll().orderBy("id").execute();
  return rows.map((r) => ({ seriesId: r.id, seriesName: r.name, brandId: r.brand_id }));
};

/** listModels: every model with its series. */
export const listModels: Handler = async (_input, ctx) => {
  const rows = await ctx.db.selectFrom("bss_model").selectAll().orderBy("id").execute();
  return rows.map((r) => ({ modelId: r.id, modelName: r.name, seriesId: r.series_id }));
};

/** listVehicleColors: vehicle colours with their RGB value. */
export const listVehicleColors: Handler = async (_input, ctx) => {
  const rows = await ctx.db.selectFrom("bss_vehicle_color").selectAll().orderBy("code").execute();
  return rows.map((r) => ({ colorCode: r.code, colorName: r.name, rgb: r.rgb }));
};
