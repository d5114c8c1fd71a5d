import type { Kysely } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { defineHandler } from "../../defineHandler";
import "../tables";

/**
 * A shared master list (not tenant-owned, short, unpaged): every row of one query that
 * answers the contract's field names; `defineHandler` checks them per operation.
 */
const masterList =
  <R>(query: (db: Kysely<Database>) => { execute(): Promise<R[]> }) =>
  async (_input: unknown, ctx: AppContext) =>
    query(ctx.db).execute();

const PROVIDER = ["id as providerId", "code as providerCode", "name as providerName"] as const;
const OEM = ["id as oemId", "code as oemCode", "name as oemName"] as const;
const BRAND = ["id as brandId", "name as brandName", "oem_id as oemId"] as const;
const SERIES = ["id as seriesId", "name as seriesName", "brand_id as brandId"] as const;
const MODEL = ["id as modelId", "name as modelName", "series_id as seriesId"] as const;
const COLOR = ["code as colorCode", "name as colorName", "rgb"] as const;

/** listProviders, listOems, listBrands, listSeries, listModels: in id order; listVehicleColors: by code. */
export const listProviders = defineHandler<"listProviders">(
  masterList((db) => db.selectFrom("bss_provider").select(PROVIDER).orderBy("id")),
);
export const listOems = defineHandler<"listOems">(
  masterList((db) => db.selectFrom("bss_oem").select(OEM).orderBy("id")),
);
export const listBrands = defineHandler<"listBrands">(
  masterList((db) => db.selectFrom("bss_brand").select(BRAND).orderBy("id")),
);
export const listSeries = defineHandler<"listSeries">(
  masterList((db) => db.selectFrom("bss_series").select(SERIES).orderBy("id")),
);
export const listModels = defineHandler<"listModels">(
  masterList((db) => db.selectFrom("bss_model").select(MODEL).orderBy("id")),
);
export const listVehicleColors = defineHandler<"listVehicleColors">(
  masterList((db) => db.selectFrom("bss_vehicle_color").select(COLOR).orderBy("code")),
);
