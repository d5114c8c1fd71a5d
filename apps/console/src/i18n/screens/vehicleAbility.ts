import { registerTexts } from "../i18n";

/**
 * The words of 车型能力 (which remote services each model supports), both locales side by
 * side; spread into `zh-CN.ts` and `en.ts`. Keys start with "vability.". Service names come
 * from the service catalogue (GET /tsp-bss/search/getServiceList), not from here.
 */
const zh = {
  "vability.heading": "车型能力",
  "vability.services": "支持的服务",
  "vability.service": "服务",
  "vability.none": "未配置",
  "vability.edit": "配置能力",
  "vability.editTitle": "配置能力 · {model}",
  "vability.copy": "复制到…",
  "vability.copyTitle": "复制 {model} 的能力到其他车型",
  "vability.copyHint": "目标车型现有的服务将被替换；任一目标不适用时全部不复制。",
  "vability.copyTargets": "目标车型",
  "vability.copied": "已复制到{count}个车型",
  "vability.import": "导入车型能力",
  "vability.importHint":
    "每行一个车型：车型编号、车型名称（可不填）、支持的服务（名称或编码，用顿号分隔）。导入会替换该车型现有的服务。",
  "vability.updatedBy": "最后修改",
  "vability.hint": "远程指令等功能按车型能力决定车辆可用的服务。",
} as const;

export const vehicleAbilityText = {
  zh,
  en: {
    "vability.heading": "Model abilities",
    "vability.services": "Supported services",
    "vability.service": "Service",
    "vability.none": "Not configured",
    "vability.edit": "Set abilities",
    "vability.editTitle": "Abilities · {model}",
    "vability.copy": "Copy to…",
    "vability.copyTitle": "Copy the abilities of {model} to other models",
    "vability.copyHint": "The targets' current services are replaced; if one target cannot take them, none is changed.",
    "vability.copyTargets": "Target models",
    "vability.copied": "Copied to {count} models",
    "vability.import": "Import model abilities",
    "vability.importHint":
      "One model per row: model no., model name (optional), supported services (names or codes separated by 、). Each row replaces that model's services.",
    "vability.updatedBy": "Last changed",
    "vability.hint": "Remote commands and other features offer a vehicle the services its model supports.",
  } satisfies Record<keyof typeof zh, string>,
};

// Loaded with the screens that import this file (see `registerTexts`).
registerTexts(vehicleAbilityText);
