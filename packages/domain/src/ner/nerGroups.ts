/**
 * The four editable groups of a new-energy vehicle's master data (business-areas.md §3:
 * "groups vehicle info, battery info, drive-motor info, terminal info … each has a change
 * log") with their Chinese titles and field labels — the one copy the server (change logs,
 * import templates, messages) and the console (forms, tables) read.
 */

/** The groups in the order the console shows them. */
export const NER_GROUPS = ["vehicleInfo", "batteryInfo", "driveInfo", "terminalInfo"] as const;

/** One of the four editable groups. */
export type NerGroup = (typeof NER_GROUPS)[number];

/** Chinese title of each group: sheet names, file names, tabs, messages. */
export const NER_GROUP_TITLES: Readonly<Record<NerGroup, string>> = {
  vehicleInfo: "车辆信息",
  batteryInfo: "动力电池信息",
  driveInfo: "驱动电机信息",
  terminalInfo: "终端信息",
};

/** Chinese label of each editable field, per group, in the order of the forms and the import templates. */
export const NER_FIELD_LABELS = {
  vehicleInfo: {
    plateNo: "车牌号",
    plateColor: "车牌颜色",
    vehicleUse: "车辆用途",
    carBuying: "购车方式",
    buyDate: "购车日期",
    creditName: "运营单位",
    creditCode: "统一社会信用代码",
    bodyColor: "车身颜色",
    registerDate: "注册日期",
    remark: "备注",
  },
  batteryInfo: {
    batteryModel: "电池型号",
    batteryType: "电池类型",
    manufacturer: "电池生产企业",
    ratedVoltage: "额定电压(V)",
    ratedCapacity: "额定容量(Ah)",
    ratedEnergy: "额定能量(kWh)",
    packCount: "可充电储能子系统数",
    packCodes: "子系统编码",
    productionDate: "生产日期",
  },
  driveInfo: {
    driveModel: "驱动电机型号",
    motorPosition: "电机布置位置",
    motorCount: "电机数量",
    manufacturer: "电机生产企业",
    ratedPower: "额定功率(kW)",
    peakPower: "峰值功率(kW)",
    peakTorque: "峰值转矩(N·m)",
    maxSpeed: "最高转速(r/min)",
    motorCodes: "电机编码",
  },
  terminalInfo: {
    tboxModel: "终端型号",
    tboxSn: "终端序列号",
    manufacturer: "终端生产企业",
    iccid: "ICCID",
    msisdn: "MSISDN",
    imei: "IMEI",
    firmwareVersion: "固件版本",
    hardwareVersion: "硬件版本",
    protocol: "通信协议",
  },
} as const satisfies Record<NerGroup, Record<string, string>>;

/** The editable fields of a group (its Edit schema's fields besides `vin` and `updateTime`). */
export type NerField<G extends NerGroup> = keyof (typeof NER_FIELD_LABELS)[G] & string;

/** Label of the vehicle's announcement model, logged in the vehicle-info change log (update/vehicleModel). */
export const NER_VEHICLE_MODEL_LABEL = "公告型号";

/**
 * Label of a field of a group for messages and change logs: the group's label, 公告型号 for
 * the model, VIN for `vin`, or the field name itself when the group has no such field.
 */
export function nerFieldLabel(group: NerGroup, field: string): string {
  if (field === "vin") return "VIN";
  if (field === "vehicleModelId") return NER_VEHICLE_MODEL_LABEL;
  const labels: Readonly<Record<string, string>> = NER_FIELD_LABELS[group];
  return Object.hasOwn(labels, field) ? (labels[field] as string) : field;
}

/**
 * 409 of a group edit made on a copy someone else has changed since it was read (optimistic
 * concurrency), naming the group: 该车辆的动力电池信息已被他人修改，请刷新后重新编辑.
 */
export const msgNerStale = (group: NerGroup) => `该车辆的${NER_GROUP_TITLES[group]}已被他人修改，请刷新后重新编辑`;
