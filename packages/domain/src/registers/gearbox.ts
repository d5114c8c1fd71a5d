import type { RegisterDef, RegisterProblem, RegisterValues } from "./register";

/** Gearbox kinds of commercial vehicles. */
export const GEARBOX_TYPE_LABELS = { manual: "手动", amt: "AMT", at: "AT", cvt: "CVT" } as const;

export const MSG_GEARBOX_RATIOS_FORMAT = "速比应为用/分隔的数字，从1挡到最高挡，如14.8/11.5/8.9";
export const msgGearboxRatiosCount = (gears: number, count: number) => `速比个数（${count}）应与挡位数（${gears}）一致`;
export const MSG_GEARBOX_RATIOS_ORDER = "速比应从1挡到最高挡逐挡减小";

const RATIO_RE = /^\d{1,2}(\.\d{1,3})?$/u;

/**
 * The forward speed ratios of a gearbox as written (1st gear first, "/" between them), e.g.
 * 14.8/11.5/8.9/…/0.78, as a fleet engineer reads them off the maker's data sheet; checked
 * against the number of gears, each ratio lower than the one before (overdrive below 1 allowed).
 */
function ratioProblems(row: RegisterValues): RegisterProblem[] {
  const text = row.speedRatios;
  if (typeof text !== "string") return [];
  const parts = text.split("/").map((s) => s.trim());
  if (!parts.every((p) => RATIO_RE.test(p) && Number(p) > 0))
    return [{ field: "speedRatios", msg: MSG_GEARBOX_RATIOS_FORMAT }];
  const ratios = parts.map(Number);
  const out: RegisterProblem[] = [];
  if (typeof row.gears === "number" && ratios.length !== row.gears)
    out.push({ field: "speedRatios", msg: msgGearboxRatiosCount(row.gears, ratios.length) });
  if (ratios.some((r, i) => i > 0 && r >= (ratios[i - 1] as number)))
    out.push({ field: "speedRatios", msg: MSG_GEARBOX_RATIOS_ORDER });
  return out;
}

/**
 * 变速箱信息 (/baseInfo/gearbox): the gearbox models the tenant's vehicles are built with
 * (法士特, 采埃孚, 伊顿 …); the vehicle-model screens and GET /tsp-bss/search/getGearboxModel
 * pick from it. x-designed: fields from what a truck maker's data sheet gives per model.
 */
export const GEARBOX_REGISTER: RegisterDef = {
  name: "gearbox",
  title: "变速箱信息",
  noun: "变速箱型号",
  nameField: "modelName",
  searchable: ["code", "modelName", "manufacturer"],
  fields: [
    { key: "code", label: "变速箱编码", kind: "code", required: true, maxLength: 32, listed: true },
    { key: "modelName", label: "型号名称", kind: "text", required: true, maxLength: 50, listed: true },
    { key: "manufacturer", label: "生产厂家", kind: "text", required: true, maxLength: 50, listed: true },
    {
      key: "gearboxType",
      label: "变速箱类型",
      kind: "choice",
      required: true,
      choices: GEARBOX_TYPE_LABELS,
      listed: true,
    },
    { key: "gears", label: "前进挡位数", kind: "integer", required: true, min: 1, max: 36, listed: true },
    {
      key: "maxInputTorque",
      label: "最大输入扭矩(N·m)",
      kind: "integer",
      required: true,
      min: 50,
      max: 5000,
      listed: true,
    },
    {
      key: "speedRatios",
      label: "速比",
      kind: "text",
      required: false,
      maxLength: 200,
      hint: "从1挡到最高挡，用/分隔，个数与前进挡位数一致，逐挡减小",
    },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  rules: ratioProblems,
  example: {
    code: "GB-EXAMPLE-01",
    modelName: "12JSD200TA",
    manufacturer: "法士特",
    gearboxType: GEARBOX_TYPE_LABELS.manual,
    gears: 12,
    maxInputTorque: 2000,
    speedRatios: "15.53/12.08/9.39/7.33/5.73/4.46/3.48/2.71/2.10/1.64/1.28/1.00",
    remark: "",
  },
};
