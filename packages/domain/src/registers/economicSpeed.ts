import type { RegisterDef, RegisterProblem, RegisterValues } from "./register";

/** Bounds of an engine speed of the band, rpm (a diesel truck engine idles at ~600 and governs at ~2,200–2,600). */
export const ECONOMIC_RPM_MIN = 500;
export const ECONOMIC_RPM_MAX = 3000;

export const MSG_ECONOMIC_BAND_REVERSED = "经济转速下限应小于上限";

function bandProblems(row: RegisterValues): RegisterProblem[] {
  const { minRpm, maxRpm } = row;
  return typeof minRpm === "number" && typeof maxRpm === "number" && minRpm >= maxRpm
    ? [{ field: "maxRpm", msg: MSG_ECONOMIC_BAND_REVERSED }]
    : [];
}

/**
 * 经济转速信息 (/baseInfo/economicSpeed): the economic engine-speed band per engine model —
 * the green band of the tachometer; the fuel and driving-behaviour statistics count the time
 * spent outside it. x-designed: one band per engine model (the key), lower < upper within
 * 500–3000 rpm, the maximum-torque speed as the maker states it.
 */
export const ECONOMIC_SPEED_REGISTER: RegisterDef = {
  name: "economicSpeed",
  title: "经济转速信息",
  noun: "经济转速",
  nameField: "engineModel",
  searchable: ["engineModel", "manufacturer"],
  fields: [
    { key: "engineModel", label: "发动机型号", kind: "code", required: true, maxLength: 40, listed: true },
    { key: "manufacturer", label: "发动机厂家", kind: "text", required: true, maxLength: 50, listed: true },
    {
      key: "minRpm",
      label: "经济转速下限(rpm)",
      kind: "integer",
      required: true,
      min: ECONOMIC_RPM_MIN,
      max: ECONOMIC_RPM_MAX,
      listed: true,
    },
    {
      key: "maxRpm",
      label: "经济转速上限(rpm)",
      kind: "integer",
      required: true,
      min: ECONOMIC_RPM_MIN,
      max: ECONOMIC_RPM_MAX,
      listed: true,
      hint: "须大于下限",
    },
    {
      key: "peakTorqueRpm",
      label: "最大扭矩转速(rpm)",
      kind: "integer",
      required: false,
      min: ECONOMIC_RPM_MIN,
      max: ECONOMIC_RPM_MAX,
      listed: true,
    },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  rules: bandProblems,
  example: {
    engineModel: "WP-EXAMPLE",
    manufacturer: "潍柴",
    minRpm: 1000,
    maxRpm: 1500,
    peakTorqueRpm: 1200,
    remark: "",
  },
};
