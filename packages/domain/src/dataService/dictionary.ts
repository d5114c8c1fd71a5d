import type { RegisterDef, RegisterProblem, RegisterValues } from "../registers/register";

/**
 * 基础数据维护 (/dataService/base): the platform's data dictionaries — the choices the
 * screens' selects offer (燃料类型, 车辆用途, 车身颜色 …) — one row per item: its dictionary,
 * code, label, display order and whether selects still offer it. x-designed: the spec names
 * the screen only. An item's code is upper-case and unique in the tenant across dictionaries,
 * starting with its dictionary's prefix (FUEL_DIESEL, USE_FREIGHT, COLOR_WHITE), so a code
 * stored in a record names its dictionary by itself; the dictionaries are the fixed list
 * below (a new one comes with the screen that uses it).
 */
export const DICT_TYPE_LABELS = {
  fuelType: "燃料类型",
  vehicleUse: "车辆用途",
  vehicleColor: "车身颜色",
  plateColor: "号牌颜色",
  emissionStandard: "排放标准",
  industry: "所属行业",
} as const;
export type DictType = keyof typeof DICT_TYPE_LABELS;

/** Each dictionary's code prefix. */
export const DICT_TYPE_PREFIX: Readonly<Record<DictType, string>> = {
  fuelType: "FUEL_",
  vehicleUse: "USE_",
  vehicleColor: "COLOR_",
  plateColor: "PLATE_",
  emissionStandard: "EMISSION_",
  industry: "INDUSTRY_",
};

export const DICT_STATE_LABELS = { enabled: "启用", disabled: "停用" } as const;

export const msgDictCodeForm = (type: DictType) =>
  `${DICT_TYPE_LABELS[type]}的编码应以${DICT_TYPE_PREFIX[type]}开头，只含大写字母、数字和下划线`;

function codeProblems(row: RegisterValues): RegisterProblem[] {
  const type = row.dictType as DictType;
  const code = String(row.code);
  return code.startsWith(DICT_TYPE_PREFIX[type]) && /^[A-Z][A-Z0-9_]*$/u.test(code)
    ? []
    : [{ field: "code", msg: msgDictCodeForm(type) }];
}

export const DICTIONARY_REGISTER: RegisterDef = {
  name: "base",
  title: "基础数据",
  noun: "字典项",
  nameField: "label",
  searchable: ["code", "label", "remark"],
  fields: [
    {
      key: "code",
      label: "字典项编码",
      kind: "code",
      required: true,
      maxLength: 40,
      listed: true,
      hint: "大写，以字典的前缀开头：FUEL_ 燃料类型，USE_ 车辆用途，COLOR_ 车身颜色，PLATE_ 号牌颜色，EMISSION_ 排放标准，INDUSTRY_ 所属行业",
    },
    { key: "dictType", label: "所属字典", kind: "choice", required: true, choices: DICT_TYPE_LABELS, listed: true },
    { key: "label", label: "显示名称", kind: "text", required: true, maxLength: 40, listed: true },
    {
      key: "sortOrder",
      label: "排序",
      kind: "integer",
      required: true,
      min: 0,
      max: 9999,
      listed: true,
      hint: "小的在前",
    },
    { key: "state", label: "状态", kind: "choice", required: true, choices: DICT_STATE_LABELS, listed: true },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  rules: codeProblems,
  example: {
    code: "FUEL_EXAMPLE",
    dictType: DICT_TYPE_LABELS.fuelType,
    label: "示例燃料",
    sortOrder: 99,
    state: DICT_STATE_LABELS.enabled,
    remark: "",
  },
};

/** A dictionary item as a select offers it. */
export interface DictOption {
  value: string;
  label: string;
}

/**
 * The options a select shows for one dictionary: its enabled items by display order (then
 * code); a disabled item the record already holds stays offered, so editing an old record
 * does not lose its value.
 */
export function dictionaryOptions(
  items: readonly { code: string; dictType: string; label: string; sortOrder: number; state: string }[],
  type: DictType,
  current?: string | null,
): DictOption[] {
  return items
    .filter((i) => i.dictType === type && (i.state === "enabled" || i.code === current))
    .toSorted((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code))
    .map((i) => ({ value: i.code, label: i.label }));
}
