import { bytesToHex } from "../../gbt32960/hex";
import { ok, type Result } from "../../shared/result";
import { uintBytes } from "../bytes";
import { type Jt808Error, jt808Error } from "../errors";
import { readAscii, readPlate, writeAscii, writePlate } from "../text";
import { hexId, type Jt808ParamItem } from "./terminalParams";

/** How a parameter's value is written (JT/T 808-2019 §4.5 data types). */
export type Jt808ParamType = "BYTE" | "WORD" | "DWORD" | "STRING";

/** One general parameter an operator reads and sets (JT/T 808-2019 表12, issue 17). */
export interface Jt808GeneralParamDef {
  readonly id: number;
  /** The standard's name, shown as the field's label. */
  readonly label: string;
  readonly type: Jt808ParamType;
  /** Unit shown after the value (empty when none). */
  readonly unit: string;
  /** Range of a number (inclusive); for a STRING, the most bytes. */
  readonly min: number;
  readonly max: number;
  /** Codes a number may take, with their names (a select instead of a number field). */
  readonly options?: readonly (readonly [number, string])[];
}

const SECONDS = { type: "DWORD", unit: "s", min: 1, max: 86_400 } as const;

/**
 * The general parameters the console's JT/T 808 form sets. Ranges: the standard fixes only the
 * type; the bounds here are ours — an interval of at least 1 s and at most a day (0 would stop
 * the terminal reporting), a port 1–65535, codes as the standard lists them, strings as
 * printable ASCII of at most 64 bytes (the plate GBK, 12 bytes). 0x0018 is 2013's 服务器TCP端口
 * (2019 carries the port in 0x0013's address; SmallChi/JT808 keeps 0x0018 as DWORD).
 */
export const JT808_GENERAL_PARAMS: readonly Jt808GeneralParamDef[] = [
  { id: 0x0001, label: "终端心跳发送间隔", ...SECONDS, max: 3600 },
  { id: 0x0002, label: "TCP消息应答超时时间", ...SECONDS, max: 3600 },
  { id: 0x0003, label: "TCP消息重传次数", type: "DWORD", unit: "次", min: 0, max: 100 },
  { id: 0x0010, label: "主服务器APN", type: "STRING", unit: "", min: 0, max: 64 },
  { id: 0x0013, label: "主服务器地址", type: "STRING", unit: "", min: 1, max: 64 },
  { id: 0x0018, label: "服务器TCP端口", type: "DWORD", unit: "", min: 1, max: 65_535 },
  {
    id: 0x0020,
    label: "位置汇报策略",
    type: "DWORD",
    unit: "",
    min: 0,
    max: 2,
    options: [
      [0, "定时汇报"],
      [1, "定距汇报"],
      [2, "定时和定距汇报"],
    ],
  },
  {
    id: 0x0021,
    label: "位置汇报方案",
    type: "DWORD",
    unit: "",
    min: 0,
    max: 1,
    options: [
      [0, "根据ACC状态"],
      [1, "根据登录状态和ACC状态"],
    ],
  },
  { id: 0x0027, label: "休眠时汇报时间间隔", ...SECONDS },
  { id: 0x0028, label: "紧急报警时汇报时间间隔", ...SECONDS },
  { id: 0x0029, label: "缺省时间汇报间隔", ...SECONDS },
  { id: 0x0055, label: "最高速度", type: "DWORD", unit: "km/h", min: 1, max: 300 },
  { id: 0x0056, label: "超速持续时间", type: "DWORD", unit: "s", min: 0, max: 3600 },
  { id: 0x0080, label: "车辆里程表读数", type: "DWORD", unit: "1/10km", min: 0, max: 0xffff_ffff },
  { id: 0x0081, label: "车辆所在的省域ID", type: "WORD", unit: "", min: 0, max: 0xffff },
  { id: 0x0082, label: "车辆所在的市域ID", type: "WORD", unit: "", min: 0, max: 0xffff },
  { id: 0x0083, label: "机动车号牌", type: "STRING", unit: "", min: 1, max: 12 },
  {
    id: 0x0084,
    label: "车牌颜色",
    type: "BYTE",
    unit: "",
    min: 0,
    max: 9,
    options: [
      [0, "未上牌"],
      [1, "蓝色"],
      [2, "黄色"],
      [3, "黑色"],
      [4, "白色"],
      [5, "绿色"],
      [9, "其他"],
    ],
  },
];

const BY_ID = new Map(JT808_GENERAL_PARAMS.map((d) => [d.id, d]));
const WIDTH = { BYTE: 1, WORD: 2, DWORD: 4 } as const;
const PLATE_ID = 0x0083;

/** A parameter's definition, or undefined for an id the table does not hold. */
export const jt808GeneralParam = (id: number): Jt808GeneralParamDef | undefined => BY_ID.get(id);

/** A value an operator sets: a number for BYTE/WORD/DWORD, text for STRING. */
export interface Jt808GeneralParamValue {
  readonly id: number;
  readonly value: number | string;
}

/** A value read from a 0x0104: known ids typed, any other (or unreadable) id kept as hex. */
export type Jt808ReadParam =
  | { readonly id: number; readonly value: number | string }
  | { readonly id: number; readonly hex: string };

const named = (d: Jt808GeneralParamDef) => `“${d.label}”（0x${hexId(d.id)}）`;

/** The Chinese problem with one value (naming the parameter), or undefined when it may be set. */
export function jt808GeneralParamProblem(id: number, value: number | string): string | undefined {
  const d = BY_ID.get(id);
  if (!d) return `参数0x${hexId(id)}不是可设置的终端参数`;
  if (d.type === "STRING") {
    if (typeof value !== "string") return `${named(d)}应为文字`;
    const bytes = stringBytes(d.id, value);
    if (!bytes.ok) return `${named(d)}${bytes.error.message}`;
    if (bytes.value.length < d.min || bytes.value.length > d.max) {
      return d.min > 0 && bytes.value.length === 0
        ? `请输入${named(d)}`
        : `${named(d)}最多${d.max}字节，实际为${bytes.value.length}字节`;
    }
    return undefined;
  }
  if (typeof value !== "number" || !Number.isInteger(value)) return `${named(d)}应为整数`;
  if (d.options) {
    if (!d.options.some(([code]) => code === value)) {
      return `${named(d)}应为${d.options.map(([c, n]) => `${c}（${n}）`).join("、")}之一`;
    }
    return undefined;
  }
  if (value < d.min || value > d.max) return `${named(d)}应为${d.min}–${d.max}${d.unit}`;
  return undefined;
}

/** STRING bytes: the plate GBK (the domain's plate characters), the others printable ASCII. */
function stringBytes(id: number, text: string): Result<Uint8Array, Jt808Error> {
  if (id === PLATE_ID) {
    const r = writePlate(text);
    return r.ok ? r : jt808Error("bad-text", "含无法编码的字符（仅支持省份简称、使领警学港澳挂试超临及ASCII）");
  }
  const r = writeAscii(text, "");
  return r.ok ? r : jt808Error("bad-text", "只能是ASCII可见字符");
}

/** The 0x8103 items of the values, each checked first (the first problem is the error). */
export function jt808GeneralParamItems(
  values: readonly Jt808GeneralParamValue[],
): Result<Jt808ParamItem[], Jt808Error> {
  if (values.length === 0) return jt808Error("bad-number", "设置终端参数至少需要1个参数");
  const items: Jt808ParamItem[] = [];
  for (const { id, value } of values) {
    const problem = jt808GeneralParamProblem(id, value);
    if (problem) return jt808Error("bad-number", problem);
    const d = BY_ID.get(id) as Jt808GeneralParamDef;
    const bytes =
      d.type === "STRING"
        ? (stringBytes(id, value as string) as { value: Uint8Array }).value
        : uintBytes(value as number, WIDTH[d.type]);
    items.push({ id, value: bytes });
  }
  return ok(items);
}

/** One 0x0104 item read with the table: its typed value, or its hex when unknown or of the wrong length. */
export function readJt808GeneralParam(item: Jt808ParamItem): Jt808ReadParam {
  const d = BY_ID.get(item.id);
  const hex = { id: item.id, hex: bytesToHex(item.value) };
  if (!d) return hex;
  if (d.type === "STRING") {
    if (d.id === PLATE_ID) {
      const plate = readPlate(item.value);
      return plate.includes("\uFFFD") ? hex : { id: d.id, value: plate };
    }
    const text = readAscii(item.value, d.label);
    return text.ok ? { id: d.id, value: text.value } : hex;
  }
  if (item.value.length !== WIDTH[d.type]) return hex;
  return { id: d.id, value: item.value.reduce((n, b) => n * 256 + b, 0) };
}

/** Every item of a 0x0104 read with the table, in the terminal's order. */
export const readJt808GeneralParams = (items: readonly Jt808ParamItem[]): Jt808ReadParam[] =>
  items.map(readJt808GeneralParam);

/** The ids of the table, for a 0x8106 asking for all of them. */
export const JT808_GENERAL_PARAM_IDS: readonly number[] = JT808_GENERAL_PARAMS.map((d) => d.id);
