import { ok, type Result } from "../../shared/result";
import { decodeCollectionTime, encodeCollectionTime, TIME_LENGTH } from "../collectionTime";
import { type FrameError, frameError } from "../errors";
import { byteHex } from "../hex";
import {
  decodeUpgradeParams,
  encodeUpgradeParams,
  UPGRADE_CONTROL_CODE,
  type UpgradeParams,
  upgradeProblem,
} from "./upgrade";

/**
 * Terminal control 0x82 (telematics-facts.md §2 ✔EQ,SN): time 6 · command 1 · its parameters.
 * 0x01 upgrade (its ';'-separated parameters differ between sources, ⚠SN) is not offered yet.
 */
export const CONTROL_COMMANDS = {
  shutdown: { code: 0x02, name: "车载终端关机" },
  reset: { code: 0x03, name: "车载终端复位" },
  factoryReset: { code: 0x04, name: "车载终端恢复出厂设置" },
  dropLink: { code: 0x05, name: "断开数据通信链路" },
  alarm: { code: 0x06, name: "车载终端报警/预警" },
  openSamplingLink: { code: 0x07, name: "开启抽样监测链路" },
} as const;

export type ControlCommand = keyof typeof CONTROL_COMMANDS;

/** Alarm levels of the 0x06 command (the standard's alarm levels 0–3). */
export const CONTROL_ALARM_LEVELS: Readonly<Record<number, string>> = {
  0: "无报警",
  1: "1级报警",
  2: "2级报警",
  3: "3级报警",
};
/** Longest alarm text (bytes). */
export const MAX_CONTROL_ALARM_TEXT = 200;

/**
 * One control command. The alarm's text is ASCII: the standard's STRING is GBK, and the domain
 * carries no GBK codec (the JT/T 808 plate table is the only GBK it writes), so Chinese text is
 * refused with a message rather than sent as bytes a terminal would misread.
 */
export type TerminalControl =
  | { readonly command: Exclude<ControlCommand, "alarm"> }
  | { readonly command: "alarm"; readonly level: number; readonly text: string }
  /** 0x01 远程升级 (`upgrade.ts`): sent by OTA campaigns, not offered on 终端设置管理. */
  | { readonly command: "upgrade"; readonly upgrade: UpgradeParams };

export interface TerminalControlUnit {
  readonly collectedAt: number;
  readonly control: TerminalControl;
}

/** Why a control command may not be sent, in Chinese, or undefined. */
export function terminalControlProblem(control: TerminalControl): string | undefined {
  if (control.command === "upgrade") return upgradeProblem(control.upgrade);
  if (!Object.hasOwn(CONTROL_COMMANDS, control.command)) return `不支持的控制命令“${String(control.command)}”`;
  if (control.command !== "alarm") return undefined;
  if (!Number.isInteger(control.level) || !(control.level in CONTROL_ALARM_LEVELS)) return "报警等级应为0–3的整数";
  if (control.text.length > MAX_CONTROL_ALARM_TEXT || !/^[\x20-\x7e]*$/.test(control.text)) {
    return `报警信息应为不超过${MAX_CONTROL_ALARM_TEXT}个ASCII可见字符（国标为GBK编码，暂不支持中文）`;
  }
  return undefined;
}

/** Writes a control command's data unit after {@link terminalControlProblem}. */
export function encodeTerminalControl(unit: TerminalControlUnit): Result<Uint8Array, FrameError> {
  const time = encodeCollectionTime(unit.collectedAt);
  if (!time.ok) return time;
  const c = unit.control;
  if (c.command === "upgrade") {
    const params = encodeUpgradeParams(c.upgrade);
    return params.ok ? ok(Uint8Array.of(...time.value, UPGRADE_CONTROL_CODE, ...params.value)) : params;
  }
  const problem = terminalControlProblem(c);
  if (problem) return frameError("bad-param", problem);
  const code = CONTROL_COMMANDS[c.command].code;
  if (c.command !== "alarm") return ok(Uint8Array.of(...time.value, code));
  return ok(Uint8Array.of(...time.value, code, c.level, ...Array.from(c.text, (ch) => ch.charCodeAt(0))));
}

const BY_CODE: ReadonlyMap<number, ControlCommand> = new Map(
  Object.entries(CONTROL_COMMANDS).map(([k, v]) => [v.code, k as ControlCommand]),
);

/** Reads a control command's data unit (as a terminal does). */
export function decodeTerminalControl(data: Uint8Array): Result<TerminalControlUnit, FrameError> {
  if (data.length < TIME_LENGTH + 1) return frameError("truncated", "控制命令数据单元不足7字节");
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return time;
  const code = data[TIME_LENGTH] as number;
  if (code === UPGRADE_CONTROL_CODE) {
    const upgrade = decodeUpgradeParams(data.subarray(TIME_LENGTH + 1), TIME_LENGTH + 1);
    return upgrade.ok
      ? ok({ collectedAt: time.value, control: { command: "upgrade", upgrade: upgrade.value } })
      : upgrade;
  }
  const command = BY_CODE.get(code);
  if (!command) return frameError("unsupported-type", `控制命令${byteHex(code)}暂不支持`, TIME_LENGTH);
  const rest = data.subarray(TIME_LENGTH + 1);
  if (command !== "alarm") {
    if (rest.length !== 0)
      return frameError("length-mismatch", `${CONTROL_COMMANDS[command].name}不带参数，多出${rest.length}字节`);
    return ok({ collectedAt: time.value, control: { command } });
  }
  if (rest.length < 1) return frameError("truncated", "报警命令缺少报警等级", TIME_LENGTH + 1);
  const control = { command, level: rest[0] as number, text: String.fromCharCode(...rest.subarray(1)) } as const;
  const problem = terminalControlProblem(control);
  if (problem) return frameError("bad-param", problem, TIME_LENGTH + 1);
  return ok({ collectedAt: time.value, control });
}
