import { err, ok, type Result } from "../shared/result";
import {
  EMISSION_STAGE_LABELS,
  type EmissionStage,
  NEW_ENERGY_POWER_TYPES,
  POWER_TYPE_LABELS,
  type PowerType,
} from "./modelValues";

/**
 * The remote services and data a vehicle model may support (车型能力), by the codes of the
 * service catalogue (GET /tsp-bss/search/getServiceList). Other screens ask
 * {@link modelSupportsService} whether a vehicle's model offers one before offering the
 * command (remote commands, issue 17) — one rule, here.
 */
export const MODEL_SERVICES = {
  remoteLock: "SVC-LOCK",
  speedLimit: "SVC-SPEED",
  remoteDiagnosis: "SVC-DIAG",
  ota: "SVC-OTA",
  hj1239Report: "SVC-HJ1239",
  gbt32960Report: "SVC-GBT32960",
  video: "SVC-VIDEO",
} as const;
export type ModelServiceKey = keyof typeof MODEL_SERVICES;

/** Most services one model lists (the catalogue is short; a longer list is a wrong file). */
export const MODEL_ABILITY_MAX_SERVICES = 50;
/** A service code as the catalogue writes them. */
const SERVICE_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/;

export const MSG_ABILITY_STALE = "该车型的能力已被他人修改，请刷新后重新编辑";
export const MSG_ABILITY_TOO_MANY = `一个车型最多配置${MODEL_ABILITY_MAX_SERVICES}项服务`;
export const MSG_ABILITY_COPY_SELF = "复制的目标车型不能包含来源车型";
export const msgAbilityUnknownService = (code: string) => `服务${code}不在服务目录中`;
export const msgAbilityGbt32960 = (power: PowerType) =>
  `GB/T 32960 数据上报只适用于新能源车型，${POWER_TYPE_LABELS[power]}车型不能配置`;
export const msgAbilityHj1239 = (stage: EmissionStage) =>
  `HJ 1239 排放数据上报适用于国六车型，${EMISSION_STAGE_LABELS[stage]}车型不能配置`;

/** What the ability rules need of a model. */
export interface AbilityModel {
  powerType: PowerType | null;
  emissionStage: EmissionStage | null;
}

/**
 * Whether a model whose abilities are `services` supports `service` (a code of the catalogue
 * or a key of {@link MODEL_SERVICES}). A model without abilities supports nothing: a command
 * is offered only where the catalogue says it works.
 */
export function modelSupportsService(services: readonly string[], service: string): boolean {
  const code = (MODEL_SERVICES as Record<string, string>)[service] ?? service;
  return services.includes(code);
}

/**
 * Checks the ability list of one model: known codes (`catalogue`: every code the service
 * catalogue holds), no more than the limit, and what the model's drivetrain allows — GB/T 32960
 * reporting needs a new-energy power type, HJ 1239 reporting a 国六 engine. Answers the list
 * deduplicated and sorted (the stored form), or every reason.
 */
export function checkModelAbilities(
  services: readonly string[],
  model: AbilityModel,
  catalogue: ReadonlySet<string>,
): Result<string[], string[]> {
  const unique = [...new Set(services.map((s) => s.trim()))].filter((s) => s !== "").toSorted();
  const problems: string[] = [];
  if (unique.length > MODEL_ABILITY_MAX_SERVICES) problems.push(MSG_ABILITY_TOO_MANY);
  for (const code of unique)
    if (!SERVICE_CODE.test(code) || !catalogue.has(code)) problems.push(msgAbilityUnknownService(code));
  if (unique.includes(MODEL_SERVICES.gbt32960Report) && model.powerType !== null)
    if (!NEW_ENERGY_POWER_TYPES.includes(model.powerType)) problems.push(msgAbilityGbt32960(model.powerType));
  if (unique.includes(MODEL_SERVICES.hj1239Report) && model.emissionStage !== null)
    if (model.emissionStage !== "CN6A" && model.emissionStage !== "CN6B")
      problems.push(msgAbilityHj1239(model.emissionStage));
  return problems.length > 0 ? err(problems) : ok(unique);
}

/** Splits a sheet cell listing services (codes or names, separated by 、，, ; or new lines). */
export function splitServiceCell(text: string): string[] {
  return text
    .split(/[、，,;；\n\r]+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
