import type { Brand } from "@tsp/domain";
import { download, type PermittedOperation } from "@tsp/sdk";
import type { ImportOptions, ImportReport, SelectOption } from "@tsp/ui";
import { followImportTask } from "../kit/importTask";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type {
  ChangeLogPage,
  CreditName,
  ExportTaskRef,
  ImportTaskRef,
  NerBaseInfoPage,
  NerFilters,
  NerGroup,
  NerGroupPage,
  NerGroupRecord,
  NerGroupUpdate,
  VehicleModelParam,
} from "./types";

// The new-energy filing master data (基础信息管理 › 备案基础信息 / 备案车辆信息, business-areas.md §7):
// the four groups per VIN — query, single record, edit, change log, export, import, template —
// the vehicle model binding and the parameter lists the forms offer.

/** The groups in the spec's order. */
export const NER_GROUPS: readonly NerGroup[] = ["vehicleInfo", "batteryInfo", "driveInfo", "terminalInfo"];

type Query = { pageNum: number; pageSize: number } & NerFilters;

/** One numbered page of the base-info view: a row per vehicle, which groups are filled. */
export async function queryBaseInfo(body: Query, signal?: AbortSignal): Promise<NerBaseInfoPage> {
  return dataOf(await sdk().POST("/tsp-bss/nerVehicleInfo/baseInfo", signal ? { body, signal } : { body }));
}

/** One numbered page of a group's records. */
export async function queryGroup(group: NerGroup, body: Query, signal?: AbortSignal): Promise<NerGroupPage> {
  const init = signal ? { body, signal } : { body };
  const c = sdk();
  switch (group) {
    case "vehicleInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/vehicleInfo", init));
    case "batteryInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/batteryInfo", init));
    case "driveInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/driveMotorInfo", init));
    case "terminalInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/terminalInfo", init));
  }
}

/** One group of one vehicle as it is now, or null when it was never filled. */
export async function singleGroup(group: NerGroup, vin: string): Promise<NerGroupRecord | null> {
  const init = { params: { query: { vin } } };
  const c = sdk();
  const result =
    group === "vehicleInfo"
      ? await c.GET("/tsp-bss/nerVehicleInfo/single/vechicleInfo", init)
      : group === "batteryInfo"
        ? await c.GET("/tsp-bss/nerVehicleInfo/single/batteryInfo", init)
        : group === "driveInfo"
          ? await c.GET("/tsp-bss/nerVehicleInfo/single/driveInfo", init)
          : await c.GET("/tsp-bss/nerVehicleInfo/single/terminalInfo", init);
  return (result.data as { data?: NerGroupRecord | null } | undefined)?.data ?? null;
}

/**
 * Saves one group of a vehicle; `updateTime` is the record's as the editor read it (null: it
 * was empty), so a group someone saved meanwhile is refused (409) instead of overwritten.
 */
export async function updateGroup(group: NerGroup, body: NerGroupUpdate): Promise<NerGroupRecord> {
  const c = sdk();
  switch (group) {
    case "vehicleInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/update/vehicleInfo", { body: body as never }));
    case "batteryInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/update/batteryInfo", { body: body as never }));
    case "driveInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/update/driveInfo", { body: body as never }));
    case "terminalInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/update/terminalInfo", { body: body as never }));
  }
}

/** One numbered page of a group's change log of a vehicle (optionally only one account's saves). */
export async function changeLog(
  group: NerGroup,
  body: { vin: string; pageNum: number; pageSize: number; updateName?: string },
  signal?: AbortSignal,
): Promise<ChangeLogPage> {
  const init = signal ? { body, signal } : { body };
  const c = sdk();
  switch (group) {
    case "vehicleInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/getLog/vehicleInfo", init));
    case "batteryInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/getLog/batteryInfo", init));
    case "driveInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/getLog/driveInfo", init));
    case "terminalInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleInfo/getLog/terminalInfo", init));
  }
}

/** Exports every group of the matching vehicles, a sheet each (a task in the export file list). */
export async function exportAll(body: NerFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-bss/nerVehicleExcel/export/all", { body }));
}

/** Exports one group of the matching vehicles. */
export async function exportGroup(group: NerGroup, body: NerFilters): Promise<ExportTaskRef> {
  const c = sdk();
  switch (group) {
    case "vehicleInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleExcel/export/vehicleInfo", { body }));
    case "batteryInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleExcel/export/batteryInfo", { body }));
    case "driveInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleExcel/export/driveInfo", { body }));
    case "terminalInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleExcel/export/terminalInfo", { body }));
  }
}

/** Exports a group's change log of a vehicle (spec: query vin and updateName from updateBy). */
export async function exportGroupLog(group: NerGroup, vin: string, updateName?: string): Promise<ExportTaskRef> {
  const init = { params: { query: updateName ? { vin, updateName } : { vin } } };
  const c = sdk();
  switch (group) {
    case "vehicleInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleExcel/export/vehicleInfoLog", init));
    case "batteryInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleExcel/export/batteryInfoLog", init));
    case "driveInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleExcel/export/driveInfoLog", init));
    case "terminalInfo":
      return dataOf(await c.POST("/tsp-bss/nerVehicleExcel/export/terminalInfoLog", init));
  }
}

/** A multipart upload of one file to an import call. */
async function upload(path: string, file: File, query?: { allowCover: boolean }): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().raw("POST", path, {
    ...(query ? { params: { query } } : {}),
    body: form,
    bodySerializer: (b: FormData) => b,
  });
  return (result.data as { data: ImportReport }).data;
}

/**
 * A multipart upload to an import that runs as a task (issue 21): the answer is the task, which
 * is then followed (getImportTask) until its per-row report — the rows checked shown meanwhile.
 */
async function uploadTask(path: string, file: File, options: ImportOptions): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().raw("POST", path, { body: form, bodySerializer: (b: FormData) => b });
  const { taskId } = (result.data as { data: ImportTaskRef }).data;
  return followImportTask(
    async () =>
      dataOf(await sdk().GET("/comm-inc-center/v1/web/importTask/{id}", { params: { path: { id: taskId } } })),
    options.onProgress,
  );
}

/** A template file as the import dialog saves it. */
async function template(path: string): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), path);
  return { blob: file.blob, fileName: file.fileName };
}

/** Each group's import: its operation (whose permission guards the button), call and template. */
const IMPORTS = {
  vehicleInfo: {
    op: "importNerVehicleInfo",
    path: "/tsp-bss/nerVehicleExcel/import/vehicleInfo",
    template: "/tsp-bss/import/template/download/nerVehicleInfo",
  },
  batteryInfo: {
    op: "importNerBatteryInfo",
    path: "/tsp-bss/nerVehicleExcel/import/batteryInfo",
    template: "/tsp-bss/import/template/download/nerBatteryInfo",
  },
  driveInfo: {
    op: "importNerDriveInfo",
    path: "/tsp-bss/nerVehicleExcel/import/driveInfo",
    template: "/tsp-bss/import/template/download/nerDriveInfo",
  },
  terminalInfo: {
    op: "importNerTerminalInfo",
    path: "/tsp-bss/nerVehicleExcel/import/terminalInfo",
    template: "/tsp-bss/import/template/download/nerTerminalInfo",
  },
} as const satisfies Record<NerGroup, { op: PermittedOperation; path: string; template: string }>;

/** The 新能源 group an import task's operation imports (the import task list names it), if any. */
export function importGroupOf(operation: string): NerGroup | undefined {
  return NER_GROUPS.find((g) => IMPORTS[g].op === operation);
}

/** A group's import as a list screen offers it: its operation, template and call. */
export function groupImport(group: NerGroup): Omit<ListImport, "title"> {
  const { op, path, template: sheet } = IMPORTS[group];
  return { op, template: () => template(sheet), importFile: (file, options) => uploadTask(path, file, options) };
}

/** The vehicle model catalogue import (spec: allowCover; a model another unit created is not overwritten). */
export const vehicleModelImport: Omit<ListImport, "title"> = {
  op: "importNerVehicleModel",
  template: () => template("/tsp-bss/import/template/download/nerVehicleModel"),
  importFile: (file, options) => upload("/tsp-bss/nerVehicleExcel/import/vehicleModel", file, options),
  allowCover: true,
};

/** The announcement model a vehicle is bound to (null: none yet). */
export async function vehicleModelOf(vin: string): Promise<VehicleModelParam | null> {
  const result = await sdk().GET("/tsp-bss/nerVehicleInfo/getVehicleModelByVin", { params: { query: { vin } } });
  return (result.data as { data?: VehicleModelParam | null } | undefined)?.data ?? null;
}

/** Binds a vehicle to an announcement model (spec: query vin and vehicleModelId). */
export async function bindVehicleModel(vin: string, vehicleModelId: number): Promise<void> {
  await sdk().POST("/tsp-bss/nerVehicleInfo/update/vehicleModel", { params: { query: { vin, vehicleModelId } } });
}

/** One announcement model's parameters (the binding dialog shows what the choice means). */
export async function vehicleModelParams(vehicleModelId: number): Promise<VehicleModelParam | null> {
  const list = dataOf(
    await sdk().GET("/tsp-bss/newEnergyInfo/params/vehicleModelParam", { params: { query: { vehicleModelId } } }),
  );
  return list[0] ?? null;
}

/** The brand / series / model tree of the search panel. */
export async function brandTree(): Promise<Brand[]> {
  return dataOf(await sdk().GET("/tsp-bss/v1/brands/selectBrandTree", {})) as Brand[];
}

/** The operating units a vehicle can be filed under (registered name and credit code). */
export async function creditNames(keyWords?: string): Promise<CreditName[]> {
  const query = { pageNum: 1, pageSize: 100, ...(keyWords ? { keyWords } : {}) };
  return dataOf(await sdk().GET("/tsp-bss/newEnergyInfo/optUnit/creditNameList", { params: { query } })).list;
}

/** One page of the tenant's filed vehicles whose VIN contains `vin` (the VIN picker of the search panel). */
export async function vinPage(
  query: { vin: string; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<{ list: SelectOption[]; total: number }> {
  const page = dataOf(await sdk().GET("/tsp-bss/newEnergyInfo/params/vin", { params: { query }, signal }));
  return { list: page.list.map((o) => ({ value: String(o.value), label: o.label })), total: page.total };
}

/** A parameter list as select options (values as text, like every select's). */
const options = (list: readonly { label: string; value: string | number }[]): SelectOption[] =>
  list.map((o) => ({ value: String(o.value), label: o.label }));

/** The labels of a parameter list. */
const labels = (list: readonly { label: string }[]) => list.map((o) => o.label);

/** The parameter lists of the forms and the search panel, as select options. */
export async function paramLists(): Promise<NerParamLists> {
  const c = sdk();
  const [plateColors, carBuying, motorPositions, updateNames, vehicleModels, vehicleUses, tboxModels, driveModels] =
    await Promise.all([
      c.GET("/tsp-bss/newEnergyInfo/params/brandColor", {}).then(dataOf),
      c.GET("/tsp-bss/newEnergyInfo/params/carBuying", {}).then(dataOf),
      c.GET("/tsp-bss/newEnergyInfo/params/motorPosition", {}).then(dataOf),
      c.GET("/tsp-bss/newEnergyInfo/params/updateName", {}).then(dataOf),
      c.GET("/tsp-bss/newEnergyInfo/params/vehicleModelList", {}).then(dataOf),
      c.GET("/tsp-bss/newEnergyInfo/params/vehicleUse", {}).then(dataOf),
      c.GET("/tsp-bss/newEnergyInfo/params/tboxModelList", {}).then(dataOf),
      c.GET("/tsp-bss/newEnergyInfo/params/driveModelList", {}).then(dataOf),
    ]);
  return {
    plateColors: options(plateColors),
    carBuying: options(carBuying),
    motorPositions: options(motorPositions),
    updateNames: options(updateNames),
    vehicleModels: options(vehicleModels),
    vehicleUses: options(vehicleUses),
    tboxModels: options(tboxModels),
    driveModels: options(driveModels),
  };
}

/** The parameter lists by what they fill. */
export interface NerParamLists {
  plateColors: SelectOption[];
  carBuying: SelectOption[];
  motorPositions: SelectOption[];
  updateNames: SelectOption[];
  vehicleModels: SelectOption[];
  vehicleUses: SelectOption[];
  tboxModels: SelectOption[];
  driveModels: SelectOption[];
}

/** The models a vehicle model's filing names for a group (suggested first in the edit form). */
export async function modelSuggestions(vehicleModelId: number): Promise<{
  battery: string[];
  drive: string[];
  tbox: string[];
}> {
  const init = { params: { query: { vehicleModelId } } };
  const c = sdk();
  const [battery, drive, tbox] = await Promise.all([
    c.GET("/tsp-bss/newEnergyInfo/params/batteryModel", init).then(dataOf),
    c.GET("/tsp-bss/newEnergyInfo/params/driveModel", init).then(dataOf),
    c.GET("/tsp-bss/newEnergyInfo/params/tboxModel", init).then(dataOf),
  ]);
  return { battery: labels(battery), drive: labels(drive), tbox: labels(tbox) };
}

/** Terminal providers (the terminal form's manufacturer suggestions). */
export async function providers(): Promise<string[]> {
  const list = dataOf(await sdk().GET("/tsp-bss/provider/list", {}));
  return list.map((p) => p.providerName);
}

/** SIM cards free to bind (the terminal form's ICCID suggestions). */
export async function unboundIccids(): Promise<string[]> {
  const page = dataOf(
    await sdk().GET("/tsp-bss/simCard/findUnBoundIccid", { params: { query: { pageNum: 1, pageSize: 100 } } }),
  );
  return page.list.map((s) => s.iccid);
}

/** Body colours of the colour register (the vehicle form's body-colour suggestions). */
export async function bodyColors(): Promise<string[]> {
  const list = dataOf(await sdk().GET("/tsp-bss/vehicleColorConfig/list", {}));
  return list.map((c) => c.colorName);
}
