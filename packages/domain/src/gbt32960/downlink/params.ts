/**
 * The terminal parameters of GB/T 32960.3 §7.4 (telematics-facts.md §2, ✔EQ,SS,SN): the ids a
 * platform may query (0x80) and set (0x81), with the Chinese names, units and ranges the
 * console shows and the checks a set command must pass before it is sent.
 */

/** How a parameter's value is written on the wire. */
export type ParamKind =
  /** One byte, unsigned. */
  | "byte"
  /** Two bytes, unsigned, big-endian. */
  | "word"
  /** The length (one byte) of the text parameter that follows it (04 → 05, 0D → 0E); never set on its own. */
  | "length"
  /** ASCII text whose length is the preceding length parameter's value (05, 0E). */
  | "text"
  /** Five ASCII bytes (07 hardware, 08 firmware version): read-only. */
  | "version"
  /** 0x80–0xFE: defined by the vehicle maker; raw bytes (hex), the standard gives no length. */
  | "oem";

export interface ParamDef {
  readonly id: number;
  readonly name: string;
  readonly kind: ParamKind;
  /** Unit shown beside the value (ms, s, min). */
  readonly unit?: string;
  readonly min?: number;
  readonly max?: number;
  /** False for the versions and the length parameters (a length is written with its text). */
  readonly settable: boolean;
  /** For a text parameter: the id of its length parameter. */
  readonly lengthId?: number;
  /** Allowed values with their names (10 抽样监测). */
  readonly choices?: Readonly<Record<number, string>>;
}

/** A parameter's value: a number (byte/word/length), text (text/version) or hex text (OEM). */
export type ParamValue = number | string;

/** One parameter with its value, as sent in a set command or read from a query's answer. */
export interface ParamEntry {
  readonly id: number;
  readonly value: ParamValue;
}

/**
 * Ranges follow the standard's "有效值范围" as the public implementations carry them (SS's
 * param_spec.go): storage and alarm periods 0–60000 ms, the normal report period 1–600 s,
 * heartbeat 1–240 s, answer time-outs 1–600 s, the re-login gap 1–240 min, ports 0–65531
 * (0xFFFE/0xFFFF mean abnormal/invalid, telematics-facts.md).
 */
const DEFS: readonly ParamDef[] = [
  { id: 0x01, name: "车载终端本地存储时间周期", kind: "word", unit: "ms", min: 0, max: 60000, settable: true },
  { id: 0x02, name: "正常时信息上报时间周期", kind: "word", unit: "s", min: 1, max: 600, settable: true },
  { id: 0x03, name: "出现报警时信息上报时间周期", kind: "word", unit: "ms", min: 0, max: 60000, settable: true },
  { id: 0x04, name: "远程服务与管理平台域名长度", kind: "length", min: 1, max: 255, settable: false },
  { id: 0x05, name: "远程服务与管理平台域名", kind: "text", lengthId: 0x04, settable: true },
  { id: 0x06, name: "远程服务与管理平台端口", kind: "word", min: 1, max: 65531, settable: true },
  { id: 0x07, name: "硬件版本", kind: "version", settable: false },
  { id: 0x08, name: "固件版本", kind: "version", settable: false },
  { id: 0x09, name: "车载终端心跳发送周期", kind: "byte", unit: "s", min: 1, max: 240, settable: true },
  { id: 0x0a, name: "终端应答超时时间", kind: "word", unit: "s", min: 1, max: 600, settable: true },
  { id: 0x0b, name: "平台应答超时时间", kind: "word", unit: "s", min: 1, max: 600, settable: true },
  {
    id: 0x0c,
    name: "连续三次登入失败后到下一次登入的间隔时间",
    kind: "byte",
    unit: "min",
    min: 1,
    max: 240,
    settable: true,
  },
  { id: 0x0d, name: "公共平台域名长度", kind: "length", min: 1, max: 255, settable: false },
  { id: 0x0e, name: "公共平台域名", kind: "text", lengthId: 0x0d, settable: true },
  { id: 0x0f, name: "公共平台端口", kind: "word", min: 1, max: 65531, settable: true },
  {
    id: 0x10,
    name: "是否处于抽样监测中",
    kind: "byte",
    min: 1,
    max: 2,
    settable: true,
    choices: { 1: "是", 2: "否" },
  },
];

/** The standard's parameters 0x01–0x10 in id order. */
export const STANDARD_PARAMS: readonly ParamDef[] = DEFS;

const BY_ID: ReadonlyMap<number, ParamDef> = new Map(DEFS.map((d) => [d.id, d]));

/** Longest text (05, 0E): its length travels in one byte. */
export const MAX_PARAM_TEXT = 255;
/** Longest OEM value the console sends (bytes). */
export const MAX_OEM_BYTES = 64;

/** Whether `id` is one of the maker-defined ids 0x80–0xFE. */
export function isOemParam(id: number): boolean {
  return Number.isInteger(id) && id >= 0x80 && id <= 0xfe;
}

/** The definition of a parameter id, or undefined for an id the standard reserves (0x11–0x7F, 0x00, 0xFF). */
export function paramDef(id: number): ParamDef | undefined {
  const known = BY_ID.get(id);
  if (known) return known;
  if (!isOemParam(id)) return undefined;
  return { id, name: `自定义参数0x${id.toString(16).toUpperCase()}`, kind: "oem", settable: true };
}

/** The id as the console writes it: 0x02. */
export function paramIdText(id: number): string {
  return `0x${id.toString(16).toUpperCase().padStart(2, "0")}`;
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Why a value may not be sent in a set command, in Chinese, or undefined when it may.
 * Read-only (07, 08) and length parameters (04, 0D — written with their text) are refused.
 */
export function paramValueProblem(id: number, value: ParamValue): string | undefined {
  const def = paramDef(id);
  if (!def) return `参数ID${paramIdText(id)}不是国标定义的参数（可用0x01–0x10，自定义0x80–0xFE）`;
  if (!def.settable) {
    return def.kind === "length" ? `${def.name}随域名一同设置，不能单独设置` : `${def.name}为只读参数，不能设置`;
  }
  if (def.kind === "text") {
    if (typeof value !== "string" || value.length === 0 || value.length > MAX_PARAM_TEXT) {
      return `${def.name}应为1–${MAX_PARAM_TEXT}个字符`;
    }
    if (!/^[\x21-\x7e]+$/.test(value)) return `${def.name}只能包含ASCII可见字符（不含空格）`;
    return undefined;
  }
  if (def.kind === "oem") {
    if (typeof value !== "string" || !HEX.test(value) || value.length > MAX_OEM_BYTES * 2) {
      return `${def.name}应为1–${MAX_OEM_BYTES}字节的十六进制文本（如0A1B）`;
    }
    return undefined;
  }
  const min = def.min as number;
  const max = def.max as number;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    if (def.choices)
      return `${def.name}应为${Object.entries(def.choices)
        .map(([k, v]) => `${k}（${v}）`)
        .join("或")}`;
    return `${def.name}应为${min}–${max}${def.unit ?? ""}的整数`;
  }
  return undefined;
}

/** The value as an operator reads it: with its unit, a choice by name. */
export function paramValueText(id: number, value: ParamValue): string {
  const def = paramDef(id);
  if (typeof value === "string") return value;
  const choice = def?.choices?.[value];
  if (choice) return `${value}（${choice}）`;
  return def?.unit ? `${value} ${def.unit}` : String(value);
}
