import type { CatalogueModelEdit } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import type { DataOf, QueryOf } from "../../defineHandler";
import "../tables";
import "./tables";

/** A model as the contract answers it. */
export type CatalogueModelRecord = DataOf<"getCatalogueModel">;
/** The list's filters (the export takes exactly these). */
export type CatalogueFilter = QueryOf<"exportCatalogueModels">;
/** The filters both screens share (the brand-tree position and the name). */
export type TreeFilter = Pick<CatalogueFilter, "oemId" | "brandId" | "seriesId" | "modelId" | "modelName">;

export const MSG_MODEL_NOT_FOUND = "车型不存在";
export const MSG_SERIES_NOT_FOUND = "车系不存在";
export const MSG_BRAND_NOT_FOUND = "品牌不存在";
export const MSG_OEM_NOT_FOUND = "厂商不存在";

/** Models with their series, brand and manufacturer (every model has all three: foreign keys). */
export function modelTree(db: Kysely<Database>) {
  return db
    .selectFrom("bss_model as m")
    .innerJoin("bss_series as s", "s.id", "m.series_id")
    .innerJoin("bss_brand as b", "b.id", "s.brand_id")
    .innerJoin("bss_oem as o", "o.id", "b.oem_id");
}
type Tree = ReturnType<typeof modelTree>;

/** The brand-tree filters, as both the catalogue and the abilities list narrow. */
export function treeFiltered(q: Tree, f: TreeFilter): Tree {
  return where(q, {
    filters: (x) => [
      x.exact("o.id", f.oemId),
      x.exact("b.id", f.brandId),
      x.exact("s.id", f.seriesId),
      x.exact("m.id", f.modelId),
      x.contains("m.name", f.modelName),
    ],
  });
}

/** How many of the caller's vehicles are of the model (a correlated count: the page reads few rows). */
const vehicleCount = (tenantIds: readonly number[]) =>
  tenantIds.length === 0
    ? sql<number>`0`
    : sql<number>`(select count(*)::int from vehicle v where v.model_id = m.id and v.tenant_id in (${sql.join(tenantIds)}))`;

/** The catalogue's models matching the filters; `inUse` is about the caller's fleet. */
export function filteredModels(db: Kysely<Database>, p: Pick<Principal, "tenantIds">, f: CatalogueFilter): Tree {
  const used = sql<SqlBool>`${vehicleCount(p.tenantIds)} > 0`;
  return where(treeFiltered(modelTree(db), f), {
    filters: (x) => [
      x.exact("m.power_type", f.powerType),
      x.exact("m.emission_stage", f.emissionStage),
      f.inUse === undefined ? undefined : f.inUse ? used : sql<SqlBool>`not (${used})`,
    ],
  });
}

/** The list's order: by brand, series and model id (the tree's order). */
export const CATALOGUE_ORDER = { order: ["b.id", "s.id", "m.id"] } as const;

/** Selects a model as the contract answers it (openapi CatalogueModel). */
export function selectModel(q: Tree, p: Pick<Principal, "tenantIds">) {
  return q.select([
    "m.id as model_id",
    "m.name as model_name",
    "s.id as series_id",
    "s.name as series_name",
    "b.id as brand_id",
    "b.name as brand_name",
    "o.id as oem_id",
    "o.name as oem_name",
    "m.vehicle_name",
    "m.power_type",
    "m.engine_model",
    "m.electric_model",
    "m.chassis_model",
    "m.emission_stage",
    "m.fuel_type",
    "m.gross_mass_kg",
    "m.curb_mass_kg",
    "m.remark",
    "m.updated_at",
    "m.update_name",
    vehicleCount(p.tenantIds).as("vehicle_count"),
  ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectModel>["executeTakeFirstOrThrow"]>>;

/**
 * A row as openapi CatalogueModel. Every model of the seed and of the form has a power type and
 * an emission stage; a row inserted by other code without them (the column is nullable because
 * the reference seed inserts the tree first) reads as 燃油 / 无, which the domain's rules then
 * refuse on its first edit until the operator completes it — never silently stored.
 */
export function toModel(r: Row, editable: boolean): CatalogueModelRecord {
  return {
    modelId: r.model_id,
    modelName: r.model_name,
    seriesId: r.series_id,
    seriesName: r.series_name,
    brandId: r.brand_id,
    brandName: r.brand_name,
    oemId: r.oem_id,
    oemName: r.oem_name,
    vehicleName: r.vehicle_name,
    powerType: r.power_type ?? "FUEL",
    engineModel: r.engine_model,
    electricModel: r.electric_model,
    chassisModel: r.chassis_model,
    emissionStage: r.emission_stage ?? "NONE",
    fuelType: r.fuel_type,
    grossMassKg: r.gross_mass_kg,
    curbMassKg: r.curb_mass_kg,
    remark: r.remark,
    vehicleCount: Number(r.vehicle_count),
    editable,
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

/** One model, or 404 车型不存在. */
export async function readModel(
  db: Kysely<Database>,
  p: Pick<Principal, "tenantIds">,
  modelId: number,
  editable: boolean,
): Promise<CatalogueModelRecord> {
  const row = await selectModel(modelTree(db), p).where("m.id", "=", modelId).executeTakeFirst();
  if (!row) throw notFound(MSG_MODEL_NOT_FOUND);
  return toModel(row, editable);
}

/** The columns of a model's editable fields. */
export const modelColumns = (e: CatalogueModelEdit) => ({
  series_id: e.seriesId,
  name: e.modelName,
  vehicle_name: e.vehicleName,
  power_type: e.powerType,
  engine_model: e.engineModel,
  electric_model: e.electricModel,
  chassis_model: e.chassisModel,
  emission_stage: e.emissionStage,
  fuel_type: e.fuelType,
  gross_mass_kg: e.grossMassKg,
  curb_mass_kg: e.curbMassKg,
  remark: e.remark,
});
