import * as v from "valibot";
import { err, ok, type Result } from "../shared/result";
import {
  ELECTRIC_DRIVE_POWER_TYPES,
  EMISSION_STAGES,
  ENGINE_POWER_TYPES,
  FUEL_TYPE_LABELS,
  FUEL_TYPES,
  POWER_TYPE_LABELS,
  POWER_TYPES,
} from "./modelValues";

/** Longest name of a brand, series or model, and of the model's free-text attributes. */
export const CATALOGUE_NAME_MAX_LENGTH = 60;
export const CATALOGUE_PART_MAX_LENGTH = 50;
export const CATALOGUE_REMARK_MAX_LENGTH = 200;
/** Mass bounds in kg: a microcar's curb mass up to a heavy tractor-trailer or mining truck's gross mass. */
export const CATALOGUE_MASS_MIN_KG = 300;
export const CATALOGUE_MASS_MAX_KG = 100_000;

export const MSG_CATALOGUE_POWER_TYPE = "动力类型应为燃油、纯电动、插电式混合动力、增程式电动、燃料电池或液化天然气";
export const MSG_CATALOGUE_EMISSION = "排放阶段应为国五、国六a、国六b、非道路三阶段、非道路四阶段或无";
export const MSG_CATALOGUE_FUEL = "燃料种类应为汽油、柴油、天然气或氢";
export const MSG_CATALOGUE_MASS = `质量应为${CATALOGUE_MASS_MIN_KG}至${CATALOGUE_MASS_MAX_KG}之间的整数（kg）`;
export const MSG_CATALOGUE_CURB_OVER_GROSS = "整备质量不能大于总质量";
export const MSG_CATALOGUE_ENGINE_REQUIRED = "有发动机的动力类型须填写发动机型号";
export const MSG_CATALOGUE_NO_ENGINE = "纯电动、燃料电池车型没有发动机，请清空发动机型号";
export const MSG_CATALOGUE_ELECTRIC_REQUIRED = "有电驱动的动力类型须填写电控型号";
export const MSG_CATALOGUE_NO_ELECTRIC = "燃油、天然气车型没有电驱动，请清空电控型号";
export const MSG_CATALOGUE_EMISSION_NONE = "有发动机的车型须选择排放阶段（不能为无）";
export const MSG_CATALOGUE_EMISSION_ZERO = "纯电动、燃料电池车型的排放阶段应为无";
/** 409 of a model, brand or series changed by someone else since it was read. */
export const MSG_CATALOGUE_STALE = "该数据已被他人修改，请刷新后重新编辑";
/** A write by an account outside the platform tenant (the catalogue is the platform's). */
export const MSG_CATALOGUE_READ_ONLY = "车型库由平台运营方维护，当前单位只能查看";
/** A model name already used in the same series (names are how operators pick a model). */
export const MSG_CATALOGUE_MODEL_TAKEN = "该车系下已有同名车型";
export const MSG_CATALOGUE_SERIES_TAKEN = "该品牌下已有同名车系";
export const MSG_CATALOGUE_BRAND_TAKEN = "该厂商下已有同名品牌";
export const MSG_CATALOGUE_NOT_A_MODEL = "车型数据格式不正确";

/** The fuel a power type burns, when only some fit (checked by {@link catalogueModelRuleProblems}). */
const FUELS_OF: Readonly<Record<(typeof POWER_TYPES)[number], readonly (typeof FUEL_TYPES)[number][] | null>> = {
  FUEL: ["GASOLINE", "DIESEL"],
  LNG: ["NATURAL_GAS"],
  PHEV: ["GASOLINE", "DIESEL"],
  EREV: ["GASOLINE", "DIESEL"],
  FCEV: ["HYDROGEN"],
  BEV: null,
};
export const msgCatalogueFuelMismatch = (power: (typeof POWER_TYPES)[number]) => {
  const fuels = FUELS_OF[power];
  return fuels === null
    ? `${POWER_TYPE_LABELS[power]}车型没有燃料，请清空燃料种类`
    : `${POWER_TYPE_LABELS[power]}车型的燃料种类应为${fuels.map((f) => FUEL_TYPE_LABELS[f]).join("或")}`;
};
/** A delete refused while something still uses the row. */
export const msgCatalogueInUse = (what: "品牌" | "车系" | "车型", users: string) =>
  `该${what}仍被${users}使用，不能删除`;

/** Labels of a model's editable fields: the form's labels and the export's header row. */
export const CATALOGUE_MODEL_FIELD_LABELS = {
  seriesId: "车系",
  modelName: "车型名称",
  vehicleName: "车辆名称",
  powerType: "动力类型",
  engineModel: "发动机型号",
  electricModel: "电控型号",
  chassisModel: "底盘型号",
  emissionStage: "排放阶段",
  fuelType: "燃料种类",
  grossMassKg: "总质量(kg)",
  curbMassKg: "整备质量(kg)",
  remark: "备注",
} as const;

const trimmedText = (max: number, label: string) =>
  v.pipe(
    v.string(`${label}应为文字`),
    v.trim(),
    v.minLength(1, `请输入${label}`),
    v.maxLength(max, `${label}不能超过${max}个字符`),
  );
/**
 * A row's id as a select box gives it (digits) or JSON carries it (a number): a positive integer.
 * The console's selects hold text; the server's body holds numbers; both meet here.
 */
const idOf = (msg: string) =>
  v.pipe(
    v.union([v.number(msg), v.pipe(v.string(msg), v.regex(/^\d{1,10}$/, msg))], msg),
    v.transform(Number),
    v.integer(msg),
    v.minValue(1, msg),
    v.maxValue(2_147_483_647, msg),
  );
const optionalText = (max: number, label: string) => v.nullable(trimmedText(max, label));
const mass = v.nullable(
  v.pipe(
    v.number(MSG_CATALOGUE_MASS),
    v.integer(MSG_CATALOGUE_MASS),
    v.minValue(CATALOGUE_MASS_MIN_KG, MSG_CATALOGUE_MASS),
    v.maxValue(CATALOGUE_MASS_MAX_KG, MSG_CATALOGUE_MASS),
  ),
);
const L = CATALOGUE_MODEL_FIELD_LABELS;

/**
 * A catalogue model as the form submits it (create; an edit adds modelId and updatedAt):
 * its series (the place in the brand tree), name and the attributes an operator keeps. Texts
 * are trimmed; an empty optional text is null.
 */
export const CatalogueModelEditSchema = v.object(
  {
    seriesId: idOf("请选择车系"),
    modelName: trimmedText(CATALOGUE_NAME_MAX_LENGTH, L.modelName),
    vehicleName: optionalText(CATALOGUE_PART_MAX_LENGTH, L.vehicleName),
    powerType: v.picklist(POWER_TYPES, MSG_CATALOGUE_POWER_TYPE),
    engineModel: optionalText(CATALOGUE_PART_MAX_LENGTH, L.engineModel),
    electricModel: optionalText(CATALOGUE_PART_MAX_LENGTH, L.electricModel),
    chassisModel: optionalText(CATALOGUE_PART_MAX_LENGTH, L.chassisModel),
    emissionStage: v.picklist(EMISSION_STAGES, MSG_CATALOGUE_EMISSION),
    fuelType: v.nullable(v.picklist(FUEL_TYPES, MSG_CATALOGUE_FUEL)),
    grossMassKg: mass,
    curbMassKg: mass,
    remark: v.nullable(
      v.pipe(
        v.string(`备注不能超过${CATALOGUE_REMARK_MAX_LENGTH}个字符`),
        v.maxLength(CATALOGUE_REMARK_MAX_LENGTH, `备注不能超过${CATALOGUE_REMARK_MAX_LENGTH}个字符`),
      ),
    ),
  },
  (issue) => {
    const key = issue.path?.[0]?.key as keyof typeof L | undefined;
    return key === undefined ? MSG_CATALOGUE_NOT_A_MODEL : `缺少字段：${L[key]}`;
  },
);
export type CatalogueModelEdit = v.InferOutput<typeof CatalogueModelEditSchema>;
export type CatalogueModelField = keyof CatalogueModelEdit;
export interface CatalogueModelProblem {
  field: CatalogueModelField;
  msg: string;
}

/**
 * The rules between a model's fields, from how drivetrains are built: an engine (fuel, gas,
 * hybrids) has an engine model, an emission stage and a liquid or gas fuel; an electric drive
 * (battery, hybrids, fuel cell) has an e-drive controller; a battery-electric or fuel-cell model
 * has no engine and emits nothing; the fuel fits the power type; curb mass ≤ gross mass.
 */
export function catalogueModelRuleProblems(m: CatalogueModelEdit): CatalogueModelProblem[] {
  const out: CatalogueModelProblem[] = [];
  const engine = ENGINE_POWER_TYPES.includes(m.powerType);
  const electric = ELECTRIC_DRIVE_POWER_TYPES.includes(m.powerType);
  if (engine && m.engineModel === null) out.push({ field: "engineModel", msg: MSG_CATALOGUE_ENGINE_REQUIRED });
  if (!engine && m.engineModel !== null) out.push({ field: "engineModel", msg: MSG_CATALOGUE_NO_ENGINE });
  if (electric && m.electricModel === null) out.push({ field: "electricModel", msg: MSG_CATALOGUE_ELECTRIC_REQUIRED });
  if (!electric && m.electricModel !== null) out.push({ field: "electricModel", msg: MSG_CATALOGUE_NO_ELECTRIC });
  if (engine && m.emissionStage === "NONE") out.push({ field: "emissionStage", msg: MSG_CATALOGUE_EMISSION_NONE });
  if (!engine && m.emissionStage !== "NONE") out.push({ field: "emissionStage", msg: MSG_CATALOGUE_EMISSION_ZERO });
  const fuels = FUELS_OF[m.powerType];
  if (fuels === null ? m.fuelType !== null : m.fuelType !== null && !fuels.includes(m.fuelType))
    out.push({ field: "fuelType", msg: msgCatalogueFuelMismatch(m.powerType) });
  if (m.grossMassKg !== null && m.curbMassKg !== null && m.curbMassKg > m.grossMassKg)
    out.push({ field: "curbMassKg", msg: MSG_CATALOGUE_CURB_OVER_GROSS });
  return out;
}

/** Checks a model as the form submits it: each field, then the rules between them. Never throws. */
export function checkCatalogueModelEdit(input: unknown): Result<CatalogueModelEdit, CatalogueModelProblem[]> {
  const parsed = v.safeParse(CatalogueModelEditSchema, input);
  if (!parsed.success)
    return err(
      parsed.issues.map((issue) => ({
        field: (issue.path?.[0]?.key ?? "modelName") as CatalogueModelField,
        msg: issue.message,
      })),
    );
  const problems = catalogueModelRuleProblems(parsed.output);
  return problems.length > 0 ? err(problems) : ok(parsed.output);
}

/** The editable fields of a model record (what the edit form starts from), nothing else. */
export function catalogueModelEditOf(r: CatalogueModelEdit): CatalogueModelEdit {
  const { seriesId, modelName, vehicleName, powerType, engineModel, electricModel, chassisModel } = r;
  const { emissionStage, fuelType, grossMassKg, curbMassKg, remark } = r;
  return {
    seriesId,
    modelName,
    vehicleName,
    powerType,
    engineModel,
    electricModel,
    chassisModel,
    emissionStage,
    fuelType,
    grossMassKg,
    curbMassKg,
    remark,
  };
}

/** A brand as its form submits it: the manufacturer and the name. */
export const CatalogueBrandEditSchema = v.object({
  oemId: idOf("请选择厂商"),
  brandName: trimmedText(CATALOGUE_NAME_MAX_LENGTH, "品牌名称"),
});
export type CatalogueBrandEdit = v.InferOutput<typeof CatalogueBrandEditSchema>;

/** A series as its form submits it: the brand and the name. */
export const CatalogueSeriesEditSchema = v.object({
  brandId: idOf("请选择品牌"),
  seriesName: trimmedText(CATALOGUE_NAME_MAX_LENGTH, "车系名称"),
});
export type CatalogueSeriesEdit = v.InferOutput<typeof CatalogueSeriesEditSchema>;

/**
 * The model form's schema: each field, then {@link catalogueModelRuleProblems} on the field it
 * concerns — so the form shows a rule's reason under its field before anything is sent (the
 * server checks the same with {@link checkCatalogueModelEdit}).
 */
export const CatalogueModelFormSchema = v.pipe(
  CatalogueModelEditSchema,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const p of catalogueModelRuleProblems(dataset.value))
      addIssue({
        message: p.msg,
        path: [{ type: "object", origin: "value", input: dataset.value, key: p.field, value: dataset.value[p.field] }],
      });
  }),
);
