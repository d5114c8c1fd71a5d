import type { RegisterDef } from "./register";

/** Kinds of on-board units a vehicle carries that the platform keeps versions of. */
export const ECU_TYPE_LABELS = {
  ivi: "车机(IVI)",
  tbox: "T-BOX",
  ecu: "发动机控制器(ECU)",
  tcu: "变速箱控制器(TCU)",
  vcu: "整车控制器(VCU)",
  bms: "电池管理系统(BMS)",
  adas: "辅助驾驶控制器(ADAS)",
} as const;

/**
 * 车机数据 (/baseInfo/vehicleData): the head units and control units fitted to the tenant's
 * vehicles, one row per unit, keyed by its serial number; GET /tsp-bss/search/getECUList
 * answers the ECU models found here. x-designed: what after-sales and OTA need per unit —
 * kind, model, supplier, hardware and software versions, part number — and the vehicle it is
 * fitted to (a VIN of the tenant's vehicles, or none while in stock).
 */
export const ECU_REGISTER: RegisterDef = {
  name: "vehicleData",
  title: "车机数据",
  noun: "车机",
  nameField: "unitSn",
  searchable: ["unitSn", "ecuModel", "supplier", "boundVin", "softwareVersion"],
  fields: [
    { key: "unitSn", label: "车机序列号", kind: "code", required: true, maxLength: 40, listed: true },
    { key: "ecuType", label: "车机类型", kind: "choice", required: true, choices: ECU_TYPE_LABELS, listed: true },
    { key: "ecuModel", label: "ECU型号", kind: "code", required: true, maxLength: 40, listed: true },
    { key: "supplier", label: "供应商", kind: "text", required: true, maxLength: 50, listed: true },
    { key: "hardwareVersion", label: "硬件版本", kind: "text", required: true, maxLength: 30, listed: true },
    { key: "softwareVersion", label: "软件版本", kind: "text", required: true, maxLength: 30, listed: true },
    { key: "partNo", label: "零件号", kind: "code", required: false, maxLength: 32 },
    {
      key: "boundVin",
      label: "绑定VIN",
      kind: "vin",
      required: false,
      listed: true,
      hint: "本租户已建档车辆的VIN；未装车可不填",
    },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  example: {
    unitSn: "SN-EXAMPLE-0001",
    ecuType: ECU_TYPE_LABELS.ivi,
    ecuModel: "EXAMPLE-IVI",
    supplier: "示例电子有限公司",
    hardwareVersion: "H1.0",
    softwareVersion: "V1.0.0",
    partNo: "",
    boundVin: "",
    remark: "",
  },
};

/** 409 of deleting a unit still fitted to a vehicle. */
export const msgEcuDeleteBound = (vin: string) => `该车机已绑定车辆${vin}，请先清空绑定VIN后再删除`;
