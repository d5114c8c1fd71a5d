import { isFixedAscii } from "../gbt32960/downlink/upgrade";

/**
 * OTA campaigns (issue 17, designed — the spec shows no OTA screen): an upgrade package is a
 * firmware file with the versions it installs; a campaign sends it to a set of vehicles as the
 * GB/T 32960 0x82 upgrade command and follows each vehicle through the command's life, then
 * reads the vehicle's versions back (a 0x80 query of 0x07/0x08) to know the upgrade took.
 */

/** A vehicle's progress in a campaign. `upgrading`: the terminal accepted the command; its new version is not read yet. */
export const OTA_VEHICLE_STATES = [
  "queued",
  "sent",
  "acknowledged",
  "upgrading",
  "success",
  "failed",
  "cancelled",
] as const;
export type OtaVehicleState = (typeof OTA_VEHICLE_STATES)[number];
export const OTA_VEHICLE_STATE_LABELS: Readonly<Record<OtaVehicleState, string>> = {
  queued: "排队中",
  sent: "已下发",
  acknowledged: "已应答",
  upgrading: "升级中",
  success: "升级成功",
  failed: "升级失败",
  cancelled: "已取消",
};
const FINAL: readonly OtaVehicleState[] = ["success", "failed", "cancelled"];
/** Whether a vehicle's progress can still change. */
export const isOtaVehicleOpen = (s: OtaVehicleState): boolean => !FINAL.includes(s);

/** A campaign: 待启动 (draft) → 进行中 → 已完成, or 已取消 (by an operator, from draft or running). */
export const OTA_CAMPAIGN_STATES = ["draft", "running", "finished", "cancelled"] as const;
export type OtaCampaignState = (typeof OTA_CAMPAIGN_STATES)[number];
export const OTA_CAMPAIGN_STATE_LABELS: Readonly<Record<OtaCampaignState, string>> = {
  draft: "待启动",
  running: "进行中",
  finished: "已完成",
  cancelled: "已取消",
};

/** The states of the command model (gateway_command) a campaign reads. */
export type CommandStateView = "queued" | "sent" | "acknowledged" | "success" | "failed" | "expired" | "cancelled";
/** A parameter of a 0x80 answer. */
export interface ParamView {
  readonly id: number;
  readonly value: number | string;
}
export interface CommandView {
  readonly state: CommandStateView;
  readonly reason: string | null;
  /** A query's answered parameters (the verify query). */
  readonly params?: readonly ParamView[];
}

/** Hardware (0x07) and firmware (0x08) version read from a parameter answer. */
export interface VersionPair {
  readonly hardware: string | null;
  readonly firmware: string | null;
}
export const HARDWARE_VERSION_PARAM = 0x07;
export const FIRMWARE_VERSION_PARAM = 0x08;

/** The versions a 0x80 answer carries, or undefined when it carries neither. */
export function versionsOf(params: readonly ParamView[]): VersionPair | undefined {
  const pick = (id: number) => {
    const p = params.find((x) => x.id === id);
    return p === undefined ? null : String(p.value);
  };
  const v = { hardware: pick(HARDWARE_VERSION_PARAM), firmware: pick(FIRMWARE_VERSION_PARAM) };
  return v.hardware === null && v.firmware === null ? undefined : v;
}

/** Whether a learnt version differs from the vehicle's last journal entry (so a new entry is written). */
export function versionChanged(last: VersionPair | undefined, next: VersionPair): boolean {
  if (!last) return true;
  return (
    (next.hardware !== null && next.hardware !== last.hardware) ||
    (next.firmware !== null && next.firmware !== last.firmware)
  );
}

/** What the server does for one vehicle of a running campaign: its new state, and whether to queue the verify query. */
export interface OtaStep {
  readonly state: OtaVehicleState;
  readonly reason: string | null;
  readonly queueVerify: boolean;
  /** The versions read back (written to the version journal). */
  readonly learnt?: VersionPair;
}

/**
 * One vehicle's next state from its upgrade command and, once accepted, its verify query.
 * The upgrade's answer is both acknowledgement and result in GB/T 32960, so its success means
 * 升级中 until the versions read back show the package's firmware.
 */
export function otaStep(
  current: OtaVehicleState,
  upgrade: CommandView,
  verify: CommandView | undefined,
  targetFirmware: string,
): OtaStep {
  const same = (state: OtaVehicleState, reason: string | null = null): OtaStep => ({
    state,
    reason,
    queueVerify: false,
  });
  if (!isOtaVehicleOpen(current)) return same(current);
  if (upgrade.state === "queued" || upgrade.state === "sent" || upgrade.state === "acknowledged")
    return same(upgrade.state);
  if (upgrade.state === "cancelled") return same("cancelled", upgrade.reason);
  if (upgrade.state !== "success") return same("failed", upgrade.reason ?? "升级命令未成功");
  if (!verify) return { state: "upgrading", reason: null, queueVerify: true };
  if (verify.state === "queued" || verify.state === "sent" || verify.state === "acknowledged") return same("upgrading");
  if (verify.state !== "success") return same("failed", `升级后未能读取版本：${verify.reason ?? "查询未成功"}`);
  const learnt = versionsOf(verify.params ?? []);
  if (learnt?.firmware === targetFirmware) return { state: "success", reason: null, queueVerify: false, learnt };
  const reason = `升级后固件版本为${learnt?.firmware ?? "未知"}，目标为${targetFirmware}`;
  return learnt ? { state: "failed", reason, queueVerify: false, learnt } : same("failed", reason);
}

/** A campaign's state once its vehicles moved: running until none is open. */
export function campaignStateAfter(state: OtaCampaignState, vehicles: readonly OtaVehicleState[]): OtaCampaignState {
  if (state !== "running") return state;
  return vehicles.some(isOtaVehicleOpen) ? "running" : "finished";
}

/** Counts per state (every state present, zeros included). */
export function otaProgress(vehicles: readonly OtaVehicleState[]): Record<OtaVehicleState, number> {
  const counts = Object.fromEntries(OTA_VEHICLE_STATES.map((s) => [s, 0])) as Record<OtaVehicleState, number>;
  for (const s of vehicles) counts[s] += 1;
  return counts;
}

/** Why a campaign may not move, or undefined (start from draft; cancel from draft or running). */
export function campaignActionProblem(state: OtaCampaignState, action: "start" | "cancel"): string | undefined {
  if (action === "start") return state === "draft" ? undefined : `任务${OTA_CAMPAIGN_STATE_LABELS[state]}，不能启动`;
  return state === "draft" || state === "running" ? undefined : `任务${OTA_CAMPAIGN_STATE_LABELS[state]}，不能取消`;
}

/** An upgrade package as typed: its versions and maker id go into the 0x82 command byte for byte. */
export interface OtaPackageInput {
  readonly name: string;
  readonly vehicleModel: string;
  readonly makerCode: string;
  readonly hardwareVersion: string;
  readonly firmwareVersion: string;
}

/** Per-field problems of a package (Chinese), empty when it may be saved. */
export function otaPackageProblems(p: OtaPackageInput): { field: keyof OtaPackageInput; msg: string }[] {
  const out: { field: keyof OtaPackageInput; msg: string }[] = [];
  if (p.name.trim().length === 0 || p.name.length > 50) out.push({ field: "name", msg: "包名称应为1–50个字符" });
  if (p.vehicleModel.trim().length === 0 || p.vehicleModel.length > 50)
    out.push({ field: "vehicleModel", msg: "适用车型应为1–50个字符" });
  if (!isFixedAscii(p.makerCode, 4)) out.push({ field: "makerCode", msg: "终端制造商ID应为4个ASCII字符" });
  if (!isFixedAscii(p.hardwareVersion, 5))
    out.push({ field: "hardwareVersion", msg: "硬件版本应为5个ASCII字符，如 HW1.0" });
  if (!isFixedAscii(p.firmwareVersion, 5))
    out.push({ field: "firmwareVersion", msg: "固件版本应为5个ASCII字符，如 FW1.3" });
  return out;
}

/** Most vehicles in one campaign. */
export const MAX_CAMPAIGN_VEHICLES = 1000;
