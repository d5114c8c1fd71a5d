import type { NerGroup } from "../tables";

/** How a spreadsheet cell becomes a JSON value of the group's Edit schema. */
export type CellKind = "string" | "nullableString" | "number" | "integer" | "date" | "list";

/** One editable field of a group: its JSON name, the Chinese column label, the cell kind. */
export interface GroupField {
  field: string;
  label: string;
  kind: CellKind;
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
    { field: "plateNo", label: "车牌号", kind: "nullableString" },
    { field: "plateColor", label: "车牌颜色", kind: "nullableString" },
    { field: "vehicleUse", label: "车辆用途", kind: "string" },
    { field: "carBuying", label: "购车方式", kind: "string" },
    { field: "buyDate", label: "购车日期", kind: "date" },
    { field: "creditName", label: "运营单位", kind: "nullableString" },
    { field: "creditCode", label: "统一社会信用代码", kind: "nullableString" },
    { field: "bodyColor", label: "车身颜色", kind: "nullableString" },
    { field: "registerDate", label: "注册日期", kind: "date" },
    { field: "remark", label: "备注", kind: "nullableString" },
  ],
};

const batteryInfo: GroupDef = {
  group: "batteryInfo",
  title: "动力电池信息",
  updateOperation: "updateNerBatteryInfo",
  fields: [
    { field: "batteryModel", label: "电池型号", kind: "string" },
    { field: "batteryType", label: "电池类型", kind: "string" },
    { field: "manufacturer", label: "电池生产企业", kind: "string" },
    { field: "ratedVoltage", label: "额定电压(V)", kind: "number" },
    { field: "ratedCapacity", label: "额定容量(Ah)", kind: "number" },
    { field: "ratedEnergy", label: "额定能量(kWh)", kind: "number" },
    { field: "packCount", label: "可充电储能子系统数", kind: "integer" },
    { field: "packCodes", label: "子系统编码", kind: "list" },
    { field: "productionDate", label: "生产日期", kind: "date" },
  ],
};

const driveInfo: GroupDef = {
  group: "driveInfo",
  title: "驱动电机信息",
  updateOperation: "updateNerDriveInfo",
  fields: [
    { field: "driveModel", label: "驱动电机型号", kind: "string" },
    { field: "motorPosition", label: "电机布置位置", kind: "string" },
    { field: "motorCount", label: "电机数量", kind: "integer" },
    { field: "manufacturer", label: "电机生产企业", kind: "string" },
    { field: "ratedPower", label: "额定功率(kW)", kind: "number" },
    { field: "peakPower", label: "峰值功率(kW)", kind: "number" },
    { field: "peakTorque", label: "峰值转矩(N·m)", kind: "number" },
    { field: "maxSpeed", label: "最高转速(r/min)", kind: "integer" },
    { field: "motorCodes", label: "电机编码", kind: "list" },
  ],
};

const terminalInfo: GroupDef = {
  group: "terminalInfo",
  title: "终端信息",
  updateOperation: "updateNerTerminalInfo",
  fields: [
    { field: "tboxModel", label: "终端型号", kind: "string" },
    { field: "tboxSn", label: "终端序列号", kind: "string" },
    { field: "manufacturer", label: "终端生产企业", kind: "string" },
    { field: "iccid", label: "ICCID", kind: "string" },
    { field: "msisdn", label: "MSISDN", kind: "nullableString" },
    { field: "imei", label: "IMEI", kind: "nullableString" },
    { field: "firmwareVersion", label: "固件版本", kind: "nullableString" },
    { field: "hardwareVersion", label: "硬件版本", kind: "nullableString" },
    { field: "protocol", label: "通信协议", kind: "string" },
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
