import { NER_FIELD_LABELS, NER_GROUP_TITLES, type NerField, nerFieldLabel } from "@tsp/domain";
import type { Handler } from "../../types";
import type { NerGroup } from "../tables";

/** How a spreadsheet cell becomes a JSON value of the group's Edit schema. */
export type CellKind = "string" | "nullableString" | "number" | "integer" | "date" | "list";

/**
 * One editable field of a group: its JSON name, the Chinese column label (from @tsp/domain), the cell kind, and
 * the example value of the import template's example row (as the cell holds it; the example
 * row passes the group's Edit schema and rules — a test imports it).
 */
export interface GroupField {
  field: string;
  label: string;
  kind: CellKind;
  example: string | number;
}

/** One of the four editable groups (business-areas.md §3) and where openapi/ describes it. */
export interface GroupDef {
  group: NerGroup;
  /** Chinese title: sheet names, file names, change-log labels. */
  title: string;
  /** operationId whose JSON body schema (the group's Edit schema) validates a saved record. */
  updateOperation: string;
  fields: readonly GroupField[];
}

/** How each field of a group is read from a cell, and its example in the import template. */
type FieldSpecs<G extends NerGroup> = {
  readonly [F in NerField<G>]: { kind: CellKind; example: string | number };
};

/**
 * A group's fields in the domain's order with the domain's labels (@tsp/domain NER_FIELD_LABELS,
 * the one copy the console's forms read too); `specs` must name every field, nothing else.
 */
function groupDef<G extends NerGroup>(group: G, updateOperation: string, specs: FieldSpecs<G>): GroupDef {
  const labels = NER_FIELD_LABELS[group] as Readonly<Record<NerField<G>, string>>;
  const fields = (Object.keys(labels) as NerField<G>[]).map((field) => ({
    field,
    label: labels[field],
    ...specs[field],
  }));
  return { group, title: NER_GROUP_TITLES[group], updateOperation, fields };
}

const vehicleInfo = groupDef("vehicleInfo", "updateNerVehicleInfo", {
  plateNo: { kind: "nullableString", example: "粤BD12345" },
  plateColor: { kind: "nullableString", example: "渐变绿色" },
  vehicleUse: { kind: "string", example: "网约车" },
  carBuying: { kind: "string", example: "单位购买" },
  buyDate: { kind: "date", example: "2024-03-01" },
  creditName: { kind: "nullableString", example: "深圳示例出行服务有限公司" },
  creditCode: { kind: "nullableString", example: "91440300MA5G1R2K3E" },
  bodyColor: { kind: "nullableString", example: "白色" },
  registerDate: { kind: "date", example: "2024-03-10" },
  remark: { kind: "nullableString", example: "示例行，导入前请替换" },
});

const batteryInfo = groupDef("batteryInfo", "updateNerBatteryInfo", {
  batteryModel: { kind: "string", example: "CATL-LFP-350" },
  batteryType: { kind: "string", example: "磷酸铁锂" },
  manufacturer: { kind: "string", example: "宁德时代新能源科技股份有限公司" },
  ratedVoltage: { kind: "number", example: 537.6 },
  ratedCapacity: { kind: "number", example: 202 },
  ratedEnergy: { kind: "number", example: 108.6 },
  packCount: { kind: "integer", example: 2 },
  packCodes: { kind: "list", example: "P-001,P-002" },
  productionDate: { kind: "date", example: "2024-01-05" },
});

const driveInfo = groupDef("driveInfo", "updateNerDriveInfo", {
  driveModel: { kind: "string", example: "TZ220XYL" },
  motorPosition: { kind: "string", example: "前置" },
  motorCount: { kind: "integer", example: 1 },
  manufacturer: { kind: "string", example: "弗迪动力有限公司" },
  ratedPower: { kind: "number", example: 70 },
  peakPower: { kind: "number", example: 150 },
  peakTorque: { kind: "number", example: 310 },
  maxSpeed: { kind: "integer", example: 16000 },
  motorCodes: { kind: "list", example: "M-0001" },
});

const terminalInfo = groupDef("terminalInfo", "updateNerTerminalInfo", {
  tboxModel: { kind: "string", example: "HW-TBOX-M5" },
  tboxSn: { kind: "string", example: "TBOX-EXAMPLE-0001" },
  manufacturer: { kind: "string", example: "华为技术有限公司" },
  iccid: { kind: "string", example: "89860324472012345675" },
  msisdn: { kind: "nullableString", example: "1440312345678" },
  imei: { kind: "nullableString", example: "860000000000001" },
  firmwareVersion: { kind: "nullableString", example: "V1.0.0" },
  hardwareVersion: { kind: "nullableString", example: "H1.0" },
  protocol: { kind: "string", example: "GB/T 32960-2016" },
});

/** The four groups by name. */
export const GROUPS: Readonly<Record<NerGroup, GroupDef>> = { vehicleInfo, batteryInfo, driveInfo, terminalInfo };

/** The groups in the order the console shows them. */
export const GROUP_LIST: readonly GroupDef[] = [vehicleInfo, batteryInfo, driveInfo, terminalInfo];

/** Label of a field for change logs and messages (@tsp/domain's nerFieldLabel: the group's label, 公告型号, VIN). */
export const labelOf: (group: NerGroup, field: string) => string = nerFieldLabel;

/** The operationId of a call that exists once per group: `queryNer` + `VehicleInfo` + ``. */
export type GroupOp<Prefix extends string, Suffix extends string = ""> = `${Prefix}${Capitalize<NerGroup>}${Suffix}`;

/**
 * The handlers of a call that exists once per group (query, single record, change log), keyed
 * by each group's operationId (`prefix` + the group's name capitalised + `suffix`); `make`
 * builds the group's handler.
 */
export function perGroup<Prefix extends string, Suffix extends string = "">(
  prefix: Prefix,
  suffix: Suffix,
  make: (group: NerGroup) => Handler,
): Record<GroupOp<Prefix, Suffix>, Handler> {
  const opOf = (g: NerGroup) => `${prefix}${g.charAt(0).toUpperCase()}${g.slice(1)}${suffix}`;
  return Object.fromEntries(GROUP_LIST.map((g) => [opOf(g.group), make(g.group)])) as Record<
    GroupOp<Prefix, Suffix>,
    Handler
  >;
}
