import { download, type TspBss } from "@tsp/sdk";
import type { ImportReport, SelectOption } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// The vehicle-model catalogue (基础信息管理 › 车型信息, tag modelCatalogue) and its abilities
// (车型能力, tag modelAbility), with the spec's pickers and keyword searches they read.
// "Catalogue model" = the brand tree's leaf (bss_model); not the new-energy announcement model
// (公告型号) of api/ner.ts.

type Schemas = TspBss.components["schemas"];
type Ops = TspBss.operations;
/** One model of the catalogue with its place in the brand tree and its attributes. */
export type CatalogueModel = Schemas["CatalogueModel"];
/** A model's editable fields (the create form; an edit adds modelId and updatedAt). */
export type CatalogueModelFields = Schemas["CatalogueModelFields"];
export type CatalogueModelUpdate = Schemas["CatalogueModelUpdate"];
export type CatalogueModelPage = Schemas["CatalogueModelPage"];
export type CatalogueBrand = Schemas["CatalogueBrand"];
export type CatalogueSeries = Schemas["CatalogueSeries"];
export type CatalogueBranches = Schemas["CatalogueBranches"];
/** One model with the services it supports. */
export type ModelAbility = Schemas["ModelAbility"];
export type ModelAbilityPage = Schemas["ModelAbilityPage"];
/** The catalogue list's query, and its filters (the export takes them). */
export type CatalogueQuery = NonNullable<Ops["listCatalogueModels"]["parameters"]["query"]>;
export type CatalogueFilters = Omit<CatalogueQuery, "pageNum" | "pageSize">;
export type AbilityQuery = NonNullable<Ops["listModelAbilities"]["parameters"]["query"]>;
export type AbilityFilters = Omit<AbilityQuery, "pageNum" | "pageSize">;

/* ---- 车型信息 ---- */

export async function listCatalogueModels(query: CatalogueQuery, signal?: AbortSignal): Promise<CatalogueModelPage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/modelCatalogue/list", signal ? { params, signal } : { params }));
}

/** One model as it is now (the edit form starts from it). */
export async function getCatalogueModel(modelId: number): Promise<CatalogueModel> {
  return dataOf(await sdk().GET("/tsp-bss/modelCatalogue/detail", { params: { query: { modelId } } }));
}

export async function createCatalogueModel(body: CatalogueModelFields): Promise<CatalogueModel> {
  return dataOf(await sdk().POST("/tsp-bss/modelCatalogue/create", { body }));
}

/** Saves a model; one changed by someone else since `updatedAt` answers 409. */
export async function updateCatalogueModel(body: CatalogueModelUpdate): Promise<CatalogueModel> {
  return dataOf(await sdk().POST("/tsp-bss/modelCatalogue/update", { body }));
}

/** Deletes a model no vehicle is of (one in use is refused with the count). */
export async function deleteCatalogueModel(modelId: number): Promise<void> {
  await sdk().POST("/tsp-bss/modelCatalogue/delete", { params: { query: { modelId } } });
}

export async function exportCatalogueModels(query: CatalogueFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-bss/modelCatalogue/export", { params: { query } }));
}

/** Brands and series with their versions and children (the 品牌车系 dialog). */
export async function listCatalogueBranches(): Promise<CatalogueBranches> {
  return dataOf(await sdk().GET("/tsp-bss/modelCatalogue/branches"));
}

export async function saveCatalogueBrand(body: Schemas["CatalogueBrandSave"]): Promise<CatalogueBrand> {
  return dataOf(await sdk().POST("/tsp-bss/modelCatalogue/brand/save", { body }));
}

export async function deleteCatalogueBrand(brandId: number): Promise<void> {
  await sdk().POST("/tsp-bss/modelCatalogue/brand/delete", { params: { query: { brandId } } });
}

export async function saveCatalogueSeries(body: Schemas["CatalogueSeriesSave"]): Promise<CatalogueSeries> {
  return dataOf(await sdk().POST("/tsp-bss/modelCatalogue/series/save", { body }));
}

export async function deleteCatalogueSeries(seriesId: number): Promise<void> {
  await sdk().POST("/tsp-bss/modelCatalogue/series/delete", { params: { query: { seriesId } } });
}

/* ---- The spec's pickers: manufacturer → brand → series → model ---- */

/** The brand tree as the search panels and forms choose in it (the spec's four list calls). */
export interface TreeChoices {
  oems: SelectOption[];
  /** Label "厂商简称 / 品牌". */
  brands: (SelectOption & { oemId: number })[];
  /** Label "品牌 / 车系". */
  series: (SelectOption & { brandId: number })[];
  /** Label "车系 / 车型". */
  models: (SelectOption & { seriesId: number })[];
}

/** Reads the four lists (GET /tsp-bss/vehicle/oem/list, v1/brands/list, v1/series/list, v1/model/selectList). */
export async function treeChoices(): Promise<TreeChoices> {
  const [oems, brands, series, models] = await Promise.all([
    sdk().GET("/tsp-bss/vehicle/oem/list").then(dataOf),
    sdk().GET("/tsp-bss/v1/brands/list").then(dataOf),
    sdk().GET("/tsp-bss/v1/series/list").then(dataOf),
    sdk().GET("/tsp-bss/v1/model/selectList").then(dataOf),
  ]);
  const oemCode = new Map(oems.map((o) => [o.oemId, o.oemCode]));
  const brandName = new Map(brands.map((b) => [b.brandId, b.brandName]));
  const seriesName = new Map(series.map((s) => [s.seriesId, s.seriesName]));
  return {
    oems: oems.map((o) => ({ value: String(o.oemId), label: o.oemName })),
    brands: brands.map((b) => ({
      value: String(b.brandId),
      label: `${oemCode.get(b.oemId) ?? ""} / ${b.brandName}`,
      oemId: b.oemId,
    })),
    series: series.map((s) => ({
      value: String(s.seriesId),
      label: `${brandName.get(s.brandId) ?? ""} / ${s.seriesName}`,
      brandId: s.brandId,
    })),
    models: models.map((m) => ({
      value: String(m.modelId),
      label: `${seriesName.get(m.seriesId) ?? ""} / ${m.modelName}`,
      seriesId: m.seriesId,
    })),
  };
}

/* ---- The keyword searches the forms offer (GET /tsp-bss/search/<name>) ---- */

/** The first page of a keyword catalogue as options (value = code, label = name). */
async function firstOptions(
  path:
    | "/tsp-bss/search/vehicleNameInfo"
    | "/tsp-bss/search/PowerInfo"
    | "/tsp-bss/search/EngineInfo"
    | "/tsp-bss/search/ElectricInfo"
    | "/tsp-bss/search/getChassisName"
    | "/tsp-bss/search/getServiceList",
): Promise<SelectOption[]> {
  const page = dataOf(await sdk().GET(path, { params: { query: { pageIndex: 1, pageSize: 100 } } }));
  return page.list.map((o) => ({ value: String(o.value), label: o.label }));
}

/** What the model form suggests: vehicle names, power types, engines, e-drive controllers, chassis. */
export interface ModelFormChoices {
  vehicleNames: SelectOption[];
  powerTypes: SelectOption[];
  engines: SelectOption[];
  electrics: SelectOption[];
  chassis: SelectOption[];
}

export async function modelFormChoices(): Promise<ModelFormChoices> {
  const [vehicleNames, powerTypes, engines, electrics, chassis] = await Promise.all([
    firstOptions("/tsp-bss/search/vehicleNameInfo"),
    firstOptions("/tsp-bss/search/PowerInfo"),
    firstOptions("/tsp-bss/search/EngineInfo"),
    firstOptions("/tsp-bss/search/ElectricInfo"),
    firstOptions("/tsp-bss/search/getChassisName"),
  ]);
  return { vehicleNames, powerTypes, engines, electrics, chassis };
}

/** The service catalogue the abilities are ticked from (GET /tsp-bss/search/getServiceList). */
export function serviceCatalogue(): Promise<SelectOption[]> {
  return firstOptions("/tsp-bss/search/getServiceList");
}

/* ---- 车型能力 ---- */

export async function listModelAbilities(query: AbilityQuery, signal?: AbortSignal): Promise<ModelAbilityPage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/modelAbility/list", signal ? { params, signal } : { params }));
}

/** One model's abilities as they are now (the checklist starts from them). */
export async function getModelAbility(modelId: number): Promise<ModelAbility> {
  return dataOf(await sdk().GET("/tsp-bss/modelAbility/detail", { params: { query: { modelId } } }));
}

/** Saves the checklist; a list changed by someone else since `updatedAt` answers 409. */
export async function updateModelAbility(body: Schemas["ModelAbilityUpdate"]): Promise<ModelAbility> {
  return dataOf(await sdk().POST("/tsp-bss/modelAbility/update", { body }));
}

/** Copies one model's list to others (all or none). */
export async function copyModelAbility(body: Schemas["ModelAbilityCopy"]): Promise<{ copied: number }> {
  return dataOf(await sdk().POST("/tsp-bss/modelAbility/copy", { body }));
}

export async function exportModelAbilities(query: AbilityFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-bss/modelAbility/export", { params: { query } }));
}

async function importModelAbilities(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-bss/modelAbility/import", {
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}

async function downloadModelAbilityTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-bss/modelAbility/import/template");
  return { blob: file.blob, fileName: file.fileName };
}

/** The ability import as the list screen offers it: each row replaces its model's list (no overwrite option). */
export const modelAbilityImport: Omit<ListImport, "title"> = {
  op: "importModelAbilities",
  template: downloadModelAbilityTemplate,
  importFile: (file) => importModelAbilities(file),
};
