import { isVinCheckDigitValid, MSG_VIN_CHECK_DIGIT } from "../identifiers/vin";
import type { RegisterDef, RegisterProblem, RegisterValues } from "./register";

export const MSG_MES_OFFLINE_BEFORE_BUILD = "下线日期不能早于上线日期";
/** 409 of deleting a vehicle as built that the platform already holds (车辆建档). */
export const MSG_MES_DELETE_REGISTERED = "该车辆已在平台建档，不能删除MES记录";

/** A VIN from the factory carries its ISO 3779 check digit; the line goes off after it went on. */
function mesProblems(row: RegisterValues): RegisterProblem[] {
  const out: RegisterProblem[] = [];
  if (typeof row.vin === "string" && !isVinCheckDigitValid(row.vin))
    out.push({ field: "vin", msg: MSG_VIN_CHECK_DIGIT });
  if (typeof row.buildDate === "string" && typeof row.offlineDate === "string" && row.offlineDate < row.buildDate)
    out.push({ field: "offlineDate", msg: MSG_MES_OFFLINE_BEFORE_BUILD });
  return out;
}

/**
 * MES车辆管理 (/baseInfo/mes): vehicles as the factory's MES built them, keyed by VIN, mostly
 * imported in bulk from the MES's daily export. x-designed: what the line records per vehicle
 * — on-line (build) and off-line dates, plant, production order, configuration code, model,
 * engine number, the T-BOX fitted — with a VIN whose check digit is right (the factory stamps
 * real VINs) and an off-line date not before the build date.
 */
export const MES_VEHICLE_REGISTER: RegisterDef = {
  name: "mes",
  title: "MES车辆管理",
  noun: "MES车辆",
  nameField: "vin",
  searchable: ["vin", "productionOrder", "configCode", "engineNo", "tboxSn", "vehicleModel"],
  fields: [
    { key: "vin", label: "VIN", kind: "vin", required: true, listed: true, hint: "第9位为ISO 3779校验位" },
    { key: "vehicleModel", label: "车辆型号", kind: "text", required: true, maxLength: 40, listed: true },
    { key: "configCode", label: "配置代码", kind: "code", required: true, maxLength: 40, listed: true },
    { key: "plant", label: "生产工厂", kind: "text", required: true, maxLength: 40, listed: true },
    { key: "productionOrder", label: "生产订单号", kind: "code", required: true, maxLength: 32, listed: true },
    { key: "buildDate", label: "上线日期", kind: "date", required: true, listed: true },
    { key: "offlineDate", label: "下线日期", kind: "date", required: false, listed: true, hint: "不早于上线日期" },
    { key: "engineNo", label: "发动机号", kind: "code", required: false, maxLength: 32 },
    { key: "tboxSn", label: "T-BOX序列号", kind: "code", required: false, maxLength: 40 },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  rules: mesProblems,
  example: {
    vin: "LEXAMPLE300000001",
    vehicleModel: "CA4250P66K24T1E6",
    configCode: "EX-CFG-01",
    plant: "示例总装厂",
    productionOrder: "PO-EXAMPLE-0001",
    buildDate: "2025-03-01",
    offlineDate: "2025-03-02",
    engineNo: "",
    tboxSn: "",
    remark: "",
  },
};
