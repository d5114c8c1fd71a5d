import type { RegisterDef, RegisterProblem, RegisterValues } from "../registers/register";

/**
 * 车载信息系统管理 (/dataService/infoSystem): the head-unit information systems (车机系统)
 * the fleet's vehicles run — each release with its version, the vehicle models it supports,
 * its release notes and its state. x-designed: the spec names the screen only. A release is
 * keyed by its code (system and version, DILINK-4.0.2); a released one is what head units
 * report and OTA targets, so it is retired (已停用) before it may be deleted.
 */
export const INFO_SYSTEM_OS_LABELS = {
  android: "Android Automotive",
  linux: "车规Linux",
  qnx: "QNX",
  harmony: "鸿蒙座舱",
} as const;
export const INFO_SYSTEM_STATE_LABELS = { developing: "开发中", released: "已发布", retired: "已停用" } as const;

export const MSG_INFO_SYSTEM_VERSION = "版本号应为2至4段数字（如4.0.2），可带-后缀（如4.0.2-beta1）";
export const MSG_INFO_SYSTEM_MODELS = "适用车型应为车型代号，多个用英文逗号分隔，如BYD7005BEVA,BYD6470ST6HEV";
export const MSG_INFO_SYSTEM_RELEASE_DATE = "已发布的系统须填写发布日期";
export const MSG_INFO_SYSTEM_DELETE_RELEASED = "已发布的车载信息系统不能删除，请先将状态改为已停用";

const VERSION_RE = /^\d{1,4}(\.\d{1,4}){1,3}(-[A-Za-z0-9.]{1,20})?$/u;
const MODEL_RE = /^[A-Za-z0-9][A-Za-z0-9_./-]*$/u;

/** The supported models as written (comma separated, spaces aside), or null when one is not a model code. */
export function parseSupportedModels(text: string): string[] | null {
  const models = text
    .split(/[,，]/u)
    .map((m) => m.trim())
    .filter((m) => m !== "");
  return models.length > 0 && models.every((m) => MODEL_RE.test(m) && m.length <= 32) ? models : null;
}

function infoSystemProblems(row: RegisterValues): RegisterProblem[] {
  const out: RegisterProblem[] = [];
  if (!VERSION_RE.test(String(row.version))) out.push({ field: "version", msg: MSG_INFO_SYSTEM_VERSION });
  if (parseSupportedModels(String(row.supportedModels)) === null)
    out.push({ field: "supportedModels", msg: MSG_INFO_SYSTEM_MODELS });
  if (row.state !== "developing" && row.releaseDate === null)
    out.push({ field: "releaseDate", msg: MSG_INFO_SYSTEM_RELEASE_DATE });
  return out;
}

export const INFO_SYSTEM_REGISTER: RegisterDef = {
  name: "infoSystem",
  title: "车载信息系统",
  noun: "车载信息系统",
  nameField: "name",
  searchable: ["code", "name", "version", "supportedModels"],
  fields: [
    {
      key: "code",
      label: "系统编码",
      kind: "code",
      required: true,
      maxLength: 40,
      listed: true,
      hint: "系统与版本，如DILINK-4.0.2",
    },
    { key: "name", label: "系统名称", kind: "text", required: true, maxLength: 40, listed: true },
    {
      key: "version",
      label: "版本号",
      kind: "text",
      required: true,
      maxLength: 30,
      listed: true,
      hint: "如4.0.2或4.0.2-beta1",
    },
    { key: "osType", label: "系统平台", kind: "choice", required: true, choices: INFO_SYSTEM_OS_LABELS, listed: true },
    {
      key: "supportedModels",
      label: "适用车型",
      kind: "text",
      required: true,
      maxLength: 300,
      listed: true,
      hint: "车型代号，多个用英文逗号分隔",
    },
    {
      key: "releaseDate",
      label: "发布日期",
      kind: "date",
      required: false,
      listed: true,
      hint: "已发布、已停用的须填写",
    },
    { key: "state", label: "状态", kind: "choice", required: true, choices: INFO_SYSTEM_STATE_LABELS, listed: true },
    { key: "releaseNotes", label: "版本说明", kind: "text", required: false, maxLength: 2000 },
  ],
  rules: infoSystemProblems,
  example: {
    code: "EXAMPLE-1.0.0",
    name: "示例车机系统",
    version: "1.0.0",
    osType: INFO_SYSTEM_OS_LABELS.android,
    supportedModels: "BYD7005BEVA",
    releaseDate: "2025-03-15",
    state: INFO_SYSTEM_STATE_LABELS.released,
    releaseNotes: "",
  },
};
