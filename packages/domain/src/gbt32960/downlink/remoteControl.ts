import { ok, type Result } from "../../shared/result";
import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "../collectionTime";
import { type FrameError, frameError } from "../errors";
import { byteHex } from "../hex";

/**
 * OEM remote control, a designed terminal control (telematics-facts.md §6: vendors carry remote
 * control as GB/T 32960 0x82 sub-command 0x80, in the standard's maker range 0x80–0xFE; the
 * vendor's byte layout is not public). Designed layout: time 6 · 0x80 · action 1 · value 1
 * (the air-conditioning temperature in °C, the engine's run time in minutes, 0 otherwise). The
 * terminal answers 0x82 with the standard's response flag (01 success, 02 error).
 */
export const REMOTE_CONTROL_CODE = 0x80;

/** The actions, each in a group that is one permission (lock covers unlock, and so on). */
export const REMOTE_ACTIONS = {
  lock: { code: 0x01, group: "lock", name: "车门上锁" },
  unlock: { code: 0x02, group: "lock", name: "车门解锁" },
  findCar: { code: 0x03, group: "findCar", name: "寻车（鸣笛闪灯）" },
  climateOn: { code: 0x04, group: "climate", name: "空调开启" },
  climateOff: { code: 0x05, group: "climate", name: "空调关闭" },
  windowsOpen: { code: 0x06, group: "windows", name: "车窗打开" },
  windowsClose: { code: 0x07, group: "windows", name: "车窗关闭" },
  engineStart: { code: 0x08, group: "engine", name: "远程启动" },
  engineStop: { code: 0x09, group: "engine", name: "远程熄火" },
} as const;

export type RemoteAction = keyof typeof REMOTE_ACTIONS;
export type RemoteGroup = (typeof REMOTE_ACTIONS)[RemoteAction]["group"];
export const REMOTE_GROUPS: readonly RemoteGroup[] = ["lock", "findCar", "climate", "windows", "engine"];

/** Ranges of the actions that carry a value (others carry 0). */
export const REMOTE_VALUE_RANGES: Readonly<Partial<Record<RemoteAction, { min: number; max: number; unit: string }>>> =
  {
    climateOn: { min: 16, max: 32, unit: "℃" },
    engineStart: { min: 1, max: 30, unit: "分钟" },
  };

export interface RemoteControl {
  readonly action: RemoteAction;
  /** The temperature (climateOn) or run minutes (engineStart); absent or 0 for the others. */
  readonly value?: number;
}

export interface RemoteControlUnit {
  readonly collectedAt: number;
  readonly control: RemoteControl;
}

/** Why a remote control may not be sent, in Chinese, or undefined. */
export function remoteControlProblem(c: RemoteControl): string | undefined {
  if (!Object.hasOwn(REMOTE_ACTIONS, c.action)) return `不支持的远程控制“${String(c.action)}”`;
  const range = REMOTE_VALUE_RANGES[c.action];
  if (!range) return c.value === undefined || c.value === 0 ? undefined : `${REMOTE_ACTIONS[c.action].name}不带参数`;
  const v = c.value;
  if (v === undefined || !Number.isInteger(v) || v < range.min || v > range.max) {
    return `${REMOTE_ACTIONS[c.action].name}的参数应为${range.min}–${range.max}${range.unit}的整数`;
  }
  return undefined;
}

/** The group (permission) of an action, or undefined for an unknown one. */
export function remoteActionGroup(action: string): RemoteGroup | undefined {
  return Object.hasOwn(REMOTE_ACTIONS, action) ? REMOTE_ACTIONS[action as RemoteAction].group : undefined;
}

/** Writes the data unit of a remote control (0x82 · 0x80) after {@link remoteControlProblem}. */
export function encodeRemoteControl(unit: RemoteControlUnit): Result<Uint8Array, FrameError> {
  const time = encodeCollectionTime(unit.collectedAt);
  if (!time.ok) return time;
  const problem = remoteControlProblem(unit.control);
  if (problem) return frameError("bad-param", problem);
  const c = unit.control;
  return ok(Uint8Array.of(...time.value, REMOTE_CONTROL_CODE, REMOTE_ACTIONS[c.action].code, c.value ?? 0));
}

const BY_CODE: ReadonlyMap<number, RemoteAction> = new Map(
  Object.entries(REMOTE_ACTIONS).map(([k, v]) => [v.code, k as RemoteAction]),
);

/** Whether a 0x82 data unit is a remote control (its command byte is 0x80). */
export function isRemoteControlUnit(data: Uint8Array): boolean {
  return data.length > TIME_LENGTH && data[TIME_LENGTH] === REMOTE_CONTROL_CODE;
}

/** Reads a remote control's data unit (as a terminal does). */
export function decodeRemoteControl(data: Uint8Array): Result<RemoteControlUnit, FrameError> {
  if (data.length !== TIME_LENGTH + 3) return frameError("length-mismatch", "远程控制数据单元应为9字节");
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return time;
  if (data[TIME_LENGTH] !== REMOTE_CONTROL_CODE)
    return frameError("unsupported-type", `控制命令${byteHex(data[TIME_LENGTH] as number)}不是远程控制`, TIME_LENGTH);
  const code = data[TIME_LENGTH + 1] as number;
  const action = BY_CODE.get(code);
  if (!action) return frameError("unsupported-type", `远程控制动作${byteHex(code)}暂不支持`, TIME_LENGTH + 1);
  const raw = data[TIME_LENGTH + 2] as number;
  const control: RemoteControl = REMOTE_VALUE_RANGES[action] ? { action, value: raw } : { action };
  const problem = remoteControlProblem(REMOTE_VALUE_RANGES[action] ? control : { action, value: raw });
  if (problem) return frameError("bad-param", problem, TIME_LENGTH + 2);
  return ok({ collectedAt: time.value, control });
}
