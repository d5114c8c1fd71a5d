import { download, type TspBss } from "@tsp/sdk";
import type { ImportReport, SelectOption } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// base info › 实销车辆 (/baseInfo/vehicleSale): retail sales (tsp-bss.yaml, tag vehicleSale) and
// the spec's pickers around them — unsold vehicles (findUnSale), selling dealers
// (getSaleDealer), every dealer (getDealer, the search) and pick-up points (getPickup).

type Schemas = TspBss.components["schemas"];
export type SaleRecord = Schemas["VehicleSaleRecord"];
export type SaleDetail = Schemas["VehicleSaleDetail"];
export type SalePage = Schemas["VehicleSaleRecordPage"];
export type SaleEdit = Schemas["VehicleSaleEdit"];
export type SaleUpdate = Schemas["VehicleSaleUpdate"];
export type SaleQuery = NonNullable<TspBss.operations["listVehicleSales"]["parameters"]["query"]>;
export type SaleFilters = Omit<SaleQuery, "pageNum" | "pageSize">;

export async function listVehicleSales(query: SaleQuery, signal?: AbortSignal): Promise<SalePage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/vehicleSale/list", signal ? { params, signal } : { params }));
}

/** One sale with the certificate in full and its history (the edit form and the detail start from it). */
export async function getVehicleSale(vin: string): Promise<SaleDetail> {
  return dataOf(await sdk().GET("/tsp-bss/vehicleSale/detail", { params: { query: { vin } } }));
}

export async function createVehicleSale(body: SaleEdit): Promise<SaleRecord> {
  return dataOf(await sdk().POST("/tsp-bss/vehicleSale/create", { body }));
}

export async function updateVehicleSale(body: SaleUpdate): Promise<SaleRecord> {
  return dataOf(await sdk().POST("/tsp-bss/vehicleSale/update", { body }));
}

/** Undoes a sale with the reason (kept in the history); the VIN is unsold again. */
export async function undoVehicleSale(vin: string, reason: string, updatedAt: number): Promise<void> {
  await sdk().POST("/tsp-bss/vehicleSale/undo", { body: { vin, reason, updatedAt } });
}

export async function exportVehicleSales(query: SaleFilters) {
  return dataOf(await sdk().POST("/tsp-bss/vehicleSale/export", { params: { query } }));
}

export async function importVehicleSales(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-bss/vehicleSale/import", {
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}

export async function downloadVehicleSaleTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-bss/vehicleSale/import/template");
  return { blob: file.blob, fileName: file.fileName };
}

/** The sales import as the list offers it (a sale is never overwritten by an import). */
export const vehicleSaleImport: Omit<ListImport, "title"> = {
  op: "importVehicleSales",
  template: downloadVehicleSaleTemplate,
  importFile: (file) => importVehicleSales(file),
};

/** Vehicles not sold yet (findUnSale), by VIN or plate: the VIN picker of 录入销售. */
export async function unsoldPage(
  query: { keyWords: string; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<{ list: SelectOption[]; total: number }> {
  const page = dataOf(await sdk().GET("/tsp-bss/vehicle/manager/findUnSale", { params: { query }, signal }));
  return {
    list: page.list.map((v) => ({ value: v.vin, label: v.plateNo ? `${v.vin}（${v.plateNo}）` : v.vin })),
    total: page.total,
  };
}

type SearchPath = "/tsp-bss/search/getSaleDealer" | "/tsp-bss/search/getDealer" | "/tsp-bss/search/getPickup";
async function searchAll(path: SearchPath): Promise<SelectOption[]> {
  const page = dataOf(await sdk().GET(path, { params: { query: { keyWords: "", pageIndex: 1, pageSize: 200 } } }));
  return page.list.map((o) => ({ value: String(o.value), label: o.label }));
}
/** Selling dealers (getSaleDealer): who may record a sale. */
export const saleDealers = () => searchAll("/tsp-bss/search/getSaleDealer");
/** Every dealer of the tenant (getDealer): the list's dealer filter and names. */
export const allDealers = () => searchAll("/tsp-bss/search/getDealer");
/** Pick-up points (getPickup). */
export const pickups = () => searchAll("/tsp-bss/search/getPickup");
