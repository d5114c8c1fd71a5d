import type { TspBss } from "@tsp/sdk";
import { download } from "@tsp/sdk";
import type { ImportReport } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// The calls of the coded registers of base information (变速箱信息, 金融机构管理, 租赁机构管理,
// 经济转速信息; openapi tsp-bss tags gearbox, financeOrg, leaseOrg, economicSpeed). The four
// have one shape — the same eight calls under /tsp-bss/<base>/, differing only in their fields —
// so one set of functions serves them, typed by the gearbox's generated operations and
// answering each register's generated record.

type Schemas = TspBss.components["schemas"];
/** A row of any register, as its generated record type says. */
export type RegisterRecord =
  | Schemas["GearboxRecord"]
  | Schemas["FinanceOrgRecord"]
  | Schemas["LeaseOrgRecord"]
  | Schemas["EconomicSpeedRecord"]
  | Schemas["FaultCodeRecord"]
  | Schemas["CanSignalRecord"]
  | Schemas["DictItemRecord"]
  | Schemas["InfoSystemRecord"]
  | Schemas["MachineryInfoRecord"]
  | Schemas["VehicleUnitRecord"]
  | Schemas["BlackBoxRecord"]
  | Schemas["MesVehicleRecord"]
  | Schemas["AppUserRecord"]
  | Schemas["ChipModelFilingRecord"]
  | Schemas["TerminalModelFilingRecord"]
  | Schemas["MachineFilingRecord"]
  | Schemas["TerminalReplaceFilingRecord"];
/** A numbered page of a register. */
export interface RegisterPage {
  list: RegisterRecord[];
  total: number;
}
/** The list's filters (keyword and the register's choices; an empty one is not sent). */
export type RegisterFilters = Record<string, string>;
/** Where a register's calls live (/tsp-bss/<base>/…). */
export type RegisterBase =
  | "gearbox"
  | "financeOrg"
  | "leaseOrg"
  | "economicSpeed"
  | "machineryInfo"
  | "vehicleUnit"
  | "blackBox"
  | "mesVehicle"
  | "faultCode"
  | "canSignal"
  | "dictItem"
  | "infoSystem"
  | "appUser"
  | "chipModel"
  | "terminalModel"
  | "machineRecord"
  | "terminalReplaceRecord";

/** Each register's paths, written out (the screen-calls test reads the console's calls from its literals). */
const PATHS = {
  gearbox: {
    list: "/tsp-bss/gearbox/list",
    detail: "/tsp-bss/gearbox/detail",
    add: "/tsp-bss/gearbox/add",
    update: "/tsp-bss/gearbox/update",
    delete: "/tsp-bss/gearbox/delete",
    export: "/tsp-bss/gearbox/export",
    import: "/tsp-bss/gearbox/import",
    template: "/tsp-bss/gearbox/import/template",
  },
  financeOrg: {
    list: "/tsp-bss/financeOrg/list",
    detail: "/tsp-bss/financeOrg/detail",
    add: "/tsp-bss/financeOrg/add",
    update: "/tsp-bss/financeOrg/update",
    delete: "/tsp-bss/financeOrg/delete",
    export: "/tsp-bss/financeOrg/export",
    import: "/tsp-bss/financeOrg/import",
    template: "/tsp-bss/financeOrg/import/template",
  },
  leaseOrg: {
    list: "/tsp-bss/leaseOrg/list",
    detail: "/tsp-bss/leaseOrg/detail",
    add: "/tsp-bss/leaseOrg/add",
    update: "/tsp-bss/leaseOrg/update",
    delete: "/tsp-bss/leaseOrg/delete",
    export: "/tsp-bss/leaseOrg/export",
    import: "/tsp-bss/leaseOrg/import",
    template: "/tsp-bss/leaseOrg/import/template",
  },
  economicSpeed: {
    list: "/tsp-bss/economicSpeed/list",
    detail: "/tsp-bss/economicSpeed/detail",
    add: "/tsp-bss/economicSpeed/add",
    update: "/tsp-bss/economicSpeed/update",
    delete: "/tsp-bss/economicSpeed/delete",
    export: "/tsp-bss/economicSpeed/export",
    import: "/tsp-bss/economicSpeed/import",
    template: "/tsp-bss/economicSpeed/import/template",
  },
  machineryInfo: {
    list: "/tsp-bss/machineryInfo/list",
    detail: "/tsp-bss/machineryInfo/detail",
    add: "/tsp-bss/machineryInfo/add",
    update: "/tsp-bss/machineryInfo/update",
    delete: "/tsp-bss/machineryInfo/delete",
    export: "/tsp-bss/machineryInfo/export",
    import: "/tsp-bss/machineryInfo/import",
    template: "/tsp-bss/machineryInfo/import/template",
  },
  vehicleUnit: {
    list: "/tsp-bss/vehicleUnit/list",
    detail: "/tsp-bss/vehicleUnit/detail",
    add: "/tsp-bss/vehicleUnit/add",
    update: "/tsp-bss/vehicleUnit/update",
    delete: "/tsp-bss/vehicleUnit/delete",
    export: "/tsp-bss/vehicleUnit/export",
    import: "/tsp-bss/vehicleUnit/import",
    template: "/tsp-bss/vehicleUnit/import/template",
  },
  blackBox: {
    list: "/tsp-bss/blackBox/list",
    detail: "/tsp-bss/blackBox/detail",
    add: "/tsp-bss/blackBox/add",
    update: "/tsp-bss/blackBox/update",
    delete: "/tsp-bss/blackBox/delete",
    export: "/tsp-bss/blackBox/export",
    import: "/tsp-bss/blackBox/import",
    template: "/tsp-bss/blackBox/import/template",
  },
  mesVehicle: {
    list: "/tsp-bss/mesVehicle/list",
    detail: "/tsp-bss/mesVehicle/detail",
    add: "/tsp-bss/mesVehicle/add",
    update: "/tsp-bss/mesVehicle/update",
    delete: "/tsp-bss/mesVehicle/delete",
    export: "/tsp-bss/mesVehicle/export",
    import: "/tsp-bss/mesVehicle/import",
    template: "/tsp-bss/mesVehicle/import/template",
  },
  faultCode: {
    list: "/tsp-bss/faultCode/list",
    detail: "/tsp-bss/faultCode/detail",
    add: "/tsp-bss/faultCode/add",
    update: "/tsp-bss/faultCode/update",
    delete: "/tsp-bss/faultCode/delete",
    export: "/tsp-bss/faultCode/export",
    import: "/tsp-bss/faultCode/import",
    template: "/tsp-bss/faultCode/import/template",
  },
  canSignal: {
    list: "/tsp-bss/canSignal/list",
    detail: "/tsp-bss/canSignal/detail",
    add: "/tsp-bss/canSignal/add",
    update: "/tsp-bss/canSignal/update",
    delete: "/tsp-bss/canSignal/delete",
    export: "/tsp-bss/canSignal/export",
    import: "/tsp-bss/canSignal/import",
    template: "/tsp-bss/canSignal/import/template",
  },
  dictItem: {
    list: "/tsp-bss/dictItem/list",
    detail: "/tsp-bss/dictItem/detail",
    add: "/tsp-bss/dictItem/add",
    update: "/tsp-bss/dictItem/update",
    delete: "/tsp-bss/dictItem/delete",
    export: "/tsp-bss/dictItem/export",
    import: "/tsp-bss/dictItem/import",
    template: "/tsp-bss/dictItem/import/template",
  },
  infoSystem: {
    list: "/tsp-bss/infoSystem/list",
    detail: "/tsp-bss/infoSystem/detail",
    add: "/tsp-bss/infoSystem/add",
    update: "/tsp-bss/infoSystem/update",
    delete: "/tsp-bss/infoSystem/delete",
    export: "/tsp-bss/infoSystem/export",
    import: "/tsp-bss/infoSystem/import",
    template: "/tsp-bss/infoSystem/import/template",
  },
  appUser: {
    list: "/tsp-bss/appUser/list",
    detail: "/tsp-bss/appUser/detail",
    add: "/tsp-bss/appUser/add",
    update: "/tsp-bss/appUser/update",
    delete: "/tsp-bss/appUser/delete",
    export: "/tsp-bss/appUser/export",
    import: "/tsp-bss/appUser/import",
    template: "/tsp-bss/appUser/import/template",
  },
  chipModel: {
    list: "/tsp-bss/notRoadFour/chipModel/list",
    detail: "/tsp-bss/notRoadFour/chipModel/detail",
    add: "/tsp-bss/notRoadFour/chipModel/add",
    update: "/tsp-bss/notRoadFour/chipModel/update",
    delete: "/tsp-bss/notRoadFour/chipModel/delete",
    export: "/tsp-bss/notRoadFour/chipModel/export",
    import: "/tsp-bss/notRoadFour/chipModel/import",
    template: "/tsp-bss/notRoadFour/chipModel/import/template",
  },
  terminalModel: {
    list: "/tsp-bss/notRoadFour/terminalModel/list",
    detail: "/tsp-bss/notRoadFour/terminalModel/detail",
    add: "/tsp-bss/notRoadFour/terminalModel/add",
    update: "/tsp-bss/notRoadFour/terminalModel/update",
    delete: "/tsp-bss/notRoadFour/terminalModel/delete",
    export: "/tsp-bss/notRoadFour/terminalModel/export",
    import: "/tsp-bss/notRoadFour/terminalModel/import",
    template: "/tsp-bss/notRoadFour/terminalModel/import/template",
  },
  machineRecord: {
    list: "/tsp-bss/notRoadFour/machineRecord/list",
    detail: "/tsp-bss/notRoadFour/machineRecord/detail",
    add: "/tsp-bss/notRoadFour/machineRecord/add",
    update: "/tsp-bss/notRoadFour/machineRecord/update",
    delete: "/tsp-bss/notRoadFour/machineRecord/delete",
    export: "/tsp-bss/notRoadFour/machineRecord/export",
    import: "/tsp-bss/notRoadFour/machineRecord/import",
    template: "/tsp-bss/notRoadFour/machineRecord/import/template",
  },
  terminalReplaceRecord: {
    list: "/tsp-bss/notRoadFour/terminalReplaceRecord/list",
    detail: "/tsp-bss/notRoadFour/terminalReplaceRecord/detail",
    add: "/tsp-bss/notRoadFour/terminalReplaceRecord/add",
    update: "/tsp-bss/notRoadFour/terminalReplaceRecord/update",
    delete: "/tsp-bss/notRoadFour/terminalReplaceRecord/delete",
    export: "/tsp-bss/notRoadFour/terminalReplaceRecord/export",
    import: "/tsp-bss/notRoadFour/terminalReplaceRecord/import",
    template: "/tsp-bss/notRoadFour/terminalReplaceRecord/import/template",
  },
} as const satisfies Record<RegisterBase, Record<string, string>>;
type Call = keyof (typeof PATHS)["gearbox"];
/** The gearbox's paths stand for every register's in the types: the calls are the same but for their fields. */
const at = <C extends Call>(base: RegisterBase, call: C) => PATHS[base][call] as (typeof PATHS)["gearbox"][C];

/** The eight calls of one register. */
export function registerCalls(base: RegisterBase, keyName: string) {
  const keyQuery = (key: string) => ({ params: { query: { [keyName]: key } as never } });
  const calls = {
    async list(filters: RegisterFilters, page: { pageNum: number; pageSize: number }, signal?: AbortSignal) {
      const params = { query: { ...filters, ...page } as never };
      const res = await sdk().GET(at(base, "list"), signal ? { params, signal } : { params });
      return dataOf(res) as RegisterPage;
    },
    async get(key: string) {
      return dataOf(await sdk().GET(at(base, "detail"), keyQuery(key))) as RegisterRecord;
    },
    async create(body: Record<string, unknown>) {
      return dataOf(await sdk().POST(at(base, "add"), { body: body as never })) as RegisterRecord;
    },
    /** Saves every field; a row changed by someone else since `updatedAt` answers 409. */
    async update(body: Record<string, unknown> & { updatedAt: number }) {
      return dataOf(await sdk().POST(at(base, "update"), { body: body as never })) as RegisterRecord;
    },
    async remove(key: string) {
      await sdk().POST(at(base, "delete"), keyQuery(key));
    },
    /** Submits an export of the rows matching the list's filters (paging aside). */
    async exportRows(query: RegisterFilters) {
      return dataOf(await sdk().POST(at(base, "export"), { params: { query: query as never } }));
    },
    /** Imports a filled template: every row checked, all saved or none, a reason per refused row. */
    async importFile(file: File, allowCover: boolean): Promise<ImportReport> {
      const form = new FormData();
      form.append("file", file);
      const result = await sdk().POST(at(base, "import"), {
        params: { query: { allowCover } },
        body: form as never,
        bodySerializer: (body: unknown) => body as FormData,
      });
      return dataOf(result);
    },
    async template() {
      const file = await download(sdk(), at(base, "template"));
      return { blob: file.blob, fileName: file.fileName };
    },
  };
  return calls;
}
export type RegisterCalls = ReturnType<typeof registerCalls>;

/** A register's import as a list screen offers it; existing rows may be overwritten. */
export const registerImport = (calls: RegisterCalls, op: ListImport["op"]): Omit<ListImport, "title"> => ({
  op,
  template: calls.template,
  importFile: (file, options) => calls.importFile(file, options.allowCover),
  allowCover: true,
});

/* ---- The keyword searches the registers answer (GET /tsp-bss/search/<name>) ---- */

/** A picker's page: the typed keyword and the page wanted. */
export interface OptionQuery {
  keyWords: string;
  pageIndex: number;
  pageSize: number;
}
const optionPage = (page: { list: { label: string; value: string | number }[]; total: number }) => ({
  list: page.list.map((o) => ({ value: String(o.value), label: o.label })),
  total: page.total,
});

/** One page of gearbox models as options ("maker model" by code), from 变速箱信息. */
export async function gearboxModelOptions(query: OptionQuery, signal: AbortSignal) {
  return optionPage(dataOf(await sdk().GET("/tsp-bss/search/getGearboxModel", { params: { query }, signal })));
}

/** One page of the finance organisations in cooperation as options, from 金融机构管理. */
export async function financeOrgOptions(query: OptionQuery, signal: AbortSignal) {
  return optionPage(dataOf(await sdk().GET("/tsp-bss/search/getfinanceOrgList", { params: { query }, signal })));
}

/** One page of the ECU models of the tenant's units as options ("supplier model" by model), from 车机数据. */
export async function ecuModelOptions(query: OptionQuery, signal: AbortSignal) {
  return optionPage(dataOf(await sdk().GET("/tsp-bss/search/getECUList", { params: { query }, signal })));
}

/**
 * One page of machines of 机械信息 as options (the spec's machinery picker, findMeinListByDim):
 * the typed text is a part of the PIN; an option reads "PIN brand model", its value the PIN.
 */
export async function machineryOptions(query: OptionQuery, signal: AbortSignal) {
  const page = dataOf(
    await sdk().GET("/tsp-bss/machinery/manager/findMeinListByDim", {
      params: {
        query: { vin: query.keyWords.trim().toUpperCase(), pageNum: query.pageIndex, pageSize: query.pageSize },
      },
      signal,
    }),
  );
  return {
    list: page.list.map((m) => ({ value: m.vin, label: `${m.vin} ${m.brand} ${m.cpxh}` })),
    total: page.total,
  };
}
