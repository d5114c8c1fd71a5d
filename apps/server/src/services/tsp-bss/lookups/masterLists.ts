import type { Kysely } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import type { TypedHandler } from "../../defineHandler";
import "../tables";

/**
 * A shared master list (not tenant-owned, short, unpaged): every row of one query that
 * answers the contract's field names; the table below is checked per operation.
 */
const masterList =
  <R>(query: (db: Kysely<Database>) => { execute(): Promise<R[]> }) =>
  async (_input: object, ctx: AppContext) =>
    query(ctx.db).execute();

const PROVIDER = ["id as providerId", "code as providerCode", "name as providerName"] as const;
const OEM = ["id as oemId", "code as oemCode", "name as oemName"] as const;
const BRAND = ["id as brandId", "name as brandName", "oem_id as oemId"] as const;
const SERIES = ["id as seriesId", "name as seriesName", "brand_id as brandId"] as const;
const MODEL = ["id as modelId", "name as modelName", "series_id as seriesId"] as const;
const COLOR = ["code as colorCode", "name as colorName", "rgb"] as const;

type MasterListOp = "listProviders" | "listOems" | "listBrands" | "listSeries" | "listModels" | "listVehicleColors";

/** The master lists by operationId, each answer checked against its operation by `satisfies`. */
export const masterListHandlers = {
  listProviders: masterList((db) => db.selectFrom("bss_provider").select(PROVIDER).orderBy("id")),
  listOems: masterList((db) => db.selectFrom("bss_oem").select(OEM).orderBy("id")),
  listBrands: masterList((db) => db.selectFrom("bss_brand").select(BRAND).orderBy("id")),
  listSeries: masterList((db) => db.selectFrom("bss_series").select(SERIES).orderBy("id")),
  listModels: masterList((db) => db.selectFrom("bss_model").select(MODEL).orderBy("id")),
  listVehicleColors: masterList((db) => db.selectFrom("bss_vehicle_color").select(COLOR).orderBy("code")),
} satisfies { [Id in MasterListOp]: TypedHandler<Id> };
