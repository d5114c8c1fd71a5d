/**
 * The header row of each group's import, written out here (not read from the server): the
 * template must offer exactly these columns, the import reads them, the export starts with them.
 */
export const GROUP_SHEETS = {
  vehicleInfo: {
    title: "车辆信息",
    headers: [
      "VIN",
      "车牌号",
      "车牌颜色",
      "车辆用途",
      "购车方式",
      "购车日期",
      "运营单位",
      "统一社会信用代码",
      "车身颜色",
      "注册日期",
      "备注",
    ],
  },
  batteryInfo: {
    title: "动力电池信息",
    headers: [
      "VIN",
      "电池型号",
      "电池类型",
      "电池生产企业",
      "额定电压(V)",
      "额定容量(Ah)",
      "额定能量(kWh)",
      "可充电储能子系统数",
      "子系统编码",
      "生产日期",
    ],
  },
  driveInfo: {
    title: "驱动电机信息",
    headers: [
      "VIN",
      "驱动电机型号",
      "电机布置位置",
      "电机数量",
      "电机生产企业",
      "额定功率(kW)",
      "峰值功率(kW)",
      "峰值转矩(N·m)",
      "最高转速(r/min)",
      "电机编码",
    ],
  },
  terminalInfo: {
    title: "终端信息",
    headers: [
      "VIN",
      "终端型号",
      "终端序列号",
      "终端生产企业",
      "ICCID",
      "MSISDN",
      "IMEI",
      "固件版本",
      "硬件版本",
      "通信协议",
    ],
  },
} as const;

/** A vehicle-model import row (template column order). */
export const modelRow = (code: string, weight: unknown) => [
  code,
  "纯电动厢式运输车",
  "货车",
  "解放",
  "一汽解放汽车有限公司",
  weight,
  90,
  "TZ300",
  "YX-T808-4G",
  "CATL-100",
  100,
];
