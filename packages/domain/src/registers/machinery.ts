import type { RegisterDef, RegisterProblem, RegisterValues } from "./register";

/** Kinds of non-road mobile machinery an operator supervises (construction and farm machinery). */
export const MACHINERY_TYPE_LABELS = {
  excavator: "挖掘机",
  loader: "装载机",
  bulldozer: "推土机",
  roller: "压路机",
  crane: "起重机",
  forklift: "叉车",
  tractor: "拖拉机",
  harvester: "收获机",
  other: "其他",
} as const;

/** Emission stages of non-road diesel machinery (GB 20891): 国三, and 国四 since 2022-12-01. */
export const MACHINERY_EMISSION_LABELS = { cn3: "国三", cn4: "国四" } as const;

export const MSG_MACHINERY_CN4_DISCLOSURE = "国四机械须填写环保信息公开编号";

/** A 国四 machine is sold with its type's environmental information disclosed (GB 20891-2014 amendment 1). */
function cn4Problems(row: RegisterValues): RegisterProblem[] {
  return row.emissionStage === "cn4" && row.disclosureNo === null
    ? [{ field: "disclosureNo", msg: MSG_MACHINERY_CN4_DISCLOSURE }]
    : [];
}

/**
 * 机械信息 (/baseInfo/machineryInfo): the non-road mobile machinery (HJ 1322 supervision) of
 * the tenant — excavators, loaders, tractors… — keyed by the 17-character PIN (ISO 10261, the
 * machinery's VIN); the machinery picker GET /tsp-bss/machinery/manager/findMeinListByDim and
 * /tsp-bss/nongji/listNoPage read it. x-designed: the identity the environmental authority
 * registers (PIN, 机械环保代码, 出厂编号), the type's disclosure number, the engine (model and
 * number, emission stage), who owns it; the supervision terminal fitted is kept on the terminal
 * (监管终端管理, its 绑定机械PIN码).
 */
export const MACHINERY_REGISTER: RegisterDef = {
  name: "machineryInfo",
  title: "机械信息",
  noun: "机械",
  nameField: "vin",
  searchable: ["vin", "mein", "cpbh", "cpxh", "brand", "engineNo", "ownerName"],
  fields: [
    { key: "vin", label: "机械PIN码", kind: "vin", required: true, listed: true },
    {
      key: "mein",
      label: "机械环保代码",
      kind: "code",
      required: true,
      maxLength: 32,
      hint: "生态环境部门登记时核发的环保代码",
    },
    {
      key: "machineryType",
      label: "机械类型",
      kind: "choice",
      required: true,
      choices: MACHINERY_TYPE_LABELS,
      listed: true,
    },
    { key: "brand", label: "品牌", kind: "text", required: true, maxLength: 30, listed: true },
    { key: "series", label: "系列", kind: "text", required: false, maxLength: 30 },
    { key: "cpxh", label: "产品型号", kind: "text", required: true, maxLength: 40, listed: true },
    { key: "cpbh", label: "出厂编号", kind: "code", required: true, maxLength: 32 },
    { key: "jjxh", label: "配套机具型号", kind: "text", required: false, maxLength: 40 },
    { key: "manufacturer", label: "生产企业", kind: "text", required: true, maxLength: 60, listed: true },
    {
      key: "emissionStage",
      label: "排放阶段",
      kind: "choice",
      required: true,
      choices: MACHINERY_EMISSION_LABELS,
      listed: true,
    },
    {
      key: "disclosureNo",
      label: "环保信息公开编号",
      kind: "text",
      required: false,
      maxLength: 60,
      hint: "机型在机动车和非道路移动机械环保信息公开平台的公开编号；国四机械必填",
    },
    { key: "engineModel", label: "发动机型号", kind: "text", required: true, maxLength: 40 },
    { key: "engineNo", label: "发动机编号", kind: "code", required: true, maxLength: 32 },
    { key: "ownerName", label: "机械所有人", kind: "text", required: false, maxLength: 60, listed: true },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  rules: cn4Problems,
  example: {
    vin: "LEXAMPLE000000001",
    mein: "EX0000000001",
    machineryType: MACHINERY_TYPE_LABELS.excavator,
    brand: "三一",
    series: "中挖",
    cpxh: "SY215C",
    cpbh: "SY215C00001",
    jjxh: "",
    manufacturer: "三一重机有限公司",
    emissionStage: MACHINERY_EMISSION_LABELS.cn4,
    disclosureNo: "CN ND G4 00 0001 000001",
    engineModel: "4HK1",
    engineNo: "4HK1-000001",
    ownerName: "示例工程机械租赁有限公司",
    remark: "",
  },
};
