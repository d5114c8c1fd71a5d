import type { Handler } from "../../types";
import type { NerGroup } from "../tables";

/** How a spreadsheet cell becomes a JSON value of the group's Edit schema. */
export type CellKind = "string" | "nullableString" | "number" | "integer" | "date" | "list";

/**
 * One editable field of a group: its JSON name, the Chinese column label, the cell kind, and
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

const vehicleInfo: GroupDef = {
  group: "vehicleInfo",
  title: "车辆信息",
  updateOperation: "updateNerVehicleInfo",
  fields: [
    { field: "plateNo", label: "车牌号", kind: "nullableString", example: "粤BD12345" },
    { field: "plateColor", label: "车牌颜色", kind: "nullableString", example: "渐变绿色" },
    { field: "vehicleUse", label: "车辆用途", kind: "string", example: "网约车" },
    { field: "carBuying", label: "购车方式", kind: "string", example: "单位购买" },
    { field: "buyDate", label: "购车日期", kind: "date", example: "2024-03-01" },
    { field: "creditName", label: "运营单位", kind: "nullableString", example: "深圳示例出行服务有限公司" },
    { field: "creditCode", label: "统一社会信用代码", kind: "nullableString", example: "91440300MA5G1R2K3E" },
    { field: "bodyColor", label: "车身颜色", kind: "nullableString", example: "白色" },
    { field: "registerDate", label: "注册日期", kind: "date", example: "2024-03-10" },
    { field: "remark", label: "备注", kind: "nullableString", example: "示例行，导入前请替换" },
  ],
};

const batteryInfo: GroupDef = {
  group: "batteryInfo",
  title: "动力电池信息",
  updateOperation: "updateNerBatteryInfo",
  fields: [
    { field: "batteryModel", label: "电池型号", kind: "string", example: "CATL-LFP-350" },
    { field: "batteryType", label: "电池类型", kind: "string", example: "磷酸铁锂" },
    { field: "manufacturer", label: "电池生产企业", kind: "string", example: "宁德时代新能源科技股份有限公司" },
    { field: "ratedVoltage", label: "额定电压(V)", kind: "number", example: 537.6 },
    { field: "ratedCapacity", label: "额定容量(Ah)", kind: "number", example: 202 },
    { field: "ratedEnergy", label: "额定能量(kWh)", kind: "number", example: 108.6 },
    { field: "packCount", label: "可充电储能子系统数", kind: "integer", example: 2 },
    { field: "packCodes", label: "子系统编码", kind: "list", example: "P-001,P-002" },
    { field: "productionDate", label: "生产日期", kind: "date", example: "2024-01-05" },
  ],
};

const driveInfo: GroupDef = {
  group: "driveInfo",
  title: "驱动电机信息",
  updateOperation: "updateNerDriveInfo",
  fields: [
    { field: "driveModel", label: "驱动电机型号", kind: "string", example: "TZ220XYL" },
    { field: "motorPosition", label: "电机布置位置", kind: "string", example: "前置" },
    { field: "motorCount", label: "电机数量", kind: "integer", example: 1 },
    { field: "manufacturer", label: "电机生产企业", kind: "string", example: "弗迪动力有限公司" },
    { field: "ratedPower", label: "额定功率(kW)", kind: "number", example: 70 },
    { field: "peakPower", label: "峰值功率(kW)", kind: "number", example: 150 },
    { field: "peakTorque", label: "峰值转矩(N·m)", kind: "number", example: 310 },
    { field: "maxSpeed", label: "最高转速(r/min)", kind: "integer", example: 16000 },
    { field: "motorCodes", label: "电机编码", kind: "list", example: "M-0001" },
  ],
};

const terminalInfo: GroupDef = {
  group: "terminalInfo",
  title: "终端信息",
  updateOperation: "updateNerTerminalInfo",
  fields: [
    { field: "tboxModel", label: "终端型号", kind: "string", example: "HW-TBOX-M5" },
    { field: "tboxSn", label: "终端序列号", kind: "string", example: "TBOX-EXAMPLE-0001" },
    { field: "manufacturer", label: "终端生产企业", kind: "string", example: "华为技术有限公司" },
    { field: "iccid", label: "ICCID", kind: "string", example: "89860324472012345675" },
    { field: "msisdn", label: "MSISDN", kind: "nullableString", example: "1440312345678" },
    { field: "imei", label: "IMEI", kind: "nullableString", example: "860000000000001" },
    { field: "firmwareVersion", label: "固件版本", kind: "nullableString", example: "V1.0.0" },
    { field: "hardwareVersion", label: "硬件版本", kind: "nullableString", example: "H1.0" },
    { field: "protocol", label: "通信协议", kind: "string", example: "GB/T 32960-2016" },
  ],
};

/** The four groups by name. */
export const GROUPS: Readonly<Record<NerGroup, GroupDef>> = { vehicleInfo, batteryInfo, driveInfo, terminalInfo };

/** The groups in the order the console shows them. */
export const GROUP_LIST: readonly GroupDef[] = [vehicleInfo, batteryInfo, driveInfo, terminalInfo];

/** Label of a field for change logs: the group's label, or the field name when unknown. */
export function labelOf(group: NerGroup, field: string): string {
  if (field === "vehicleModelId") return "公告型号";
  return GROUPS[group].fields.find((f) => f.field === field)?.label ?? field;
}

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
