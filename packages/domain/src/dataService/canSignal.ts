import type { RegisterDef, RegisterProblem, RegisterValues } from "../registers/register";

/**
 * CAN信号采集 (/dataService/can): the CAN signals the T-BOX of a vehicle model collects and
 * uploads, each as a DBC file defines it (message id, start bit, length, byte order, sign,
 * factor, offset, range, unit) plus how often it is sampled. x-designed: the spec names the
 * screen and the DBC import only. Each signal has a code (信号编码) the collected data is keyed
 * by; a DBC import makes it `<model>.<message id>.<signal>`, so one model's signals never
 * collide with another's.
 */

export const CAN_BYTE_ORDER_LABELS = { intel: "Intel（小端）", motorola: "Motorola（大端）" } as const;
export const CAN_VALUE_TYPE_LABELS = { unsigned: "无符号", signed: "有符号" } as const;

/** Highest id of a standard (11-bit) and an extended (29-bit) CAN frame. */
export const CAN_STANDARD_ID_MAX = 0x7ff;
export const CAN_EXTENDED_ID_MAX = 0x1fff_ffff;
/** Bits of a CAN FD payload (64 bytes); a classic frame has 64 bits. */
export const CAN_FD_BITS = 512;

export const MSG_CAN_MESSAGE_ID = "报文ID应为十六进制（如0x18FEF100或0CF），标准帧不超过0x7FF，扩展帧不超过0x1FFFFFFF";
export const MSG_CAN_SIGNAL_NAME = "信号名称应以字母或下划线开头，只含字母、数字和下划线（DBC的信号名）";
export const MSG_CAN_RANGE = "最小值不能大于最大值";
export const MSG_CAN_BITS = `起始位和长度超出了报文数据区（CAN FD最多${CAN_FD_BITS}位）`;

/** A message id as written (0x18FEF100, 18fef100h, 0CF) as a number, or null. */
export function parseCanId(text: string): number | null {
  const m = /^(?:0x)?([0-9a-f]{1,8})h?$/iu.exec(text.trim());
  if (!m) return null;
  const id = Number.parseInt(m[1] as string, 16);
  return id <= CAN_EXTENDED_ID_MAX ? id : null;
}

/** A message id as the register writes it: 0x and upper-case hex, 3 digits for a standard id, 8 for an extended one. */
export function canIdText(id: number, extended = id > CAN_STANDARD_ID_MAX): string {
  return `0x${id
    .toString(16)
    .toUpperCase()
    .padStart(extended ? 8 : 3, "0")}`;
}

/**
 * Bits a signal occupies, as positions 0–511 of the payload (bit i = byte ⌊i/8⌋, bit i mod 8),
 * from its start bit and length: Intel counts up from the least significant bit; Motorola
 * starts at the most significant bit and goes down within a byte, then on to the next byte
 * (the DBC "sawtooth"). Null when it leaves the payload.
 */
export function canSignalBits(startBit: number, length: number, byteOrder: "intel" | "motorola"): number[] | null {
  const bits: number[] = [];
  let bit = startBit;
  for (let i = 0; i < length; i++) {
    if (bit < 0 || bit >= CAN_FD_BITS) return null;
    bits.push(bit);
    if (byteOrder === "intel") bit += 1;
    else bit = bit % 8 === 0 ? bit + 15 : bit - 1;
  }
  return bits;
}

function signalProblems(row: RegisterValues): RegisterProblem[] {
  const out: RegisterProblem[] = [];
  if (parseCanId(String(row.messageId)) === null) out.push({ field: "messageId", msg: MSG_CAN_MESSAGE_ID });
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/u.test(String(row.signalName)))
    out.push({ field: "signalName", msg: MSG_CAN_SIGNAL_NAME });
  if (canSignalBits(Number(row.startBit), Number(row.bitLength), row.byteOrder as "intel" | "motorola") === null)
    out.push({ field: "bitLength", msg: MSG_CAN_BITS });
  if (typeof row.minValue === "number" && typeof row.maxValue === "number" && row.minValue > row.maxValue)
    out.push({ field: "maxValue", msg: MSG_CAN_RANGE });
  return out;
}

const PHYS = 1_000_000_000;

export const CAN_SIGNAL_REGISTER: RegisterDef = {
  name: "can",
  title: "CAN信号",
  noun: "CAN信号",
  nameField: "signalName",
  searchable: ["code", "vehicleModel", "messageId", "signalName", "nameZh"],
  fields: [
    {
      key: "code",
      label: "信号编码",
      kind: "code",
      required: true,
      maxLength: 80,
      hint: "采集数据按它上报；DBC导入时为“车型.报文ID.信号名”",
    },
    {
      key: "vehicleModel",
      label: "车型代号",
      kind: "code",
      required: true,
      maxLength: 32,
      listed: true,
      hint: "整车厂的车型代号（公告型号），如CA4250P66K24T1E6",
    },
    {
      key: "messageId",
      label: "报文ID",
      kind: "text",
      required: true,
      maxLength: 10,
      listed: true,
      hint: "十六进制，如0x18FEF100",
    },
    { key: "signalName", label: "信号名称", kind: "text", required: true, maxLength: 64, listed: true },
    { key: "nameZh", label: "中文名称", kind: "text", required: false, maxLength: 60, listed: true },
    { key: "startBit", label: "起始位", kind: "integer", required: true, min: 0, max: CAN_FD_BITS - 1, listed: true },
    { key: "bitLength", label: "长度(位)", kind: "integer", required: true, min: 1, max: 64, listed: true },
    { key: "byteOrder", label: "字节序", kind: "choice", required: true, choices: CAN_BYTE_ORDER_LABELS },
    { key: "valueType", label: "符号", kind: "choice", required: true, choices: CAN_VALUE_TYPE_LABELS },
    { key: "factor", label: "精度(factor)", kind: "decimal", required: true, min: -PHYS, max: PHYS, decimals: 9 },
    {
      key: "valueOffset",
      label: "偏移量(offset)",
      kind: "decimal",
      required: true,
      min: -PHYS,
      max: PHYS,
      decimals: 9,
    },
    { key: "minValue", label: "最小值", kind: "decimal", required: false, min: -PHYS, max: PHYS, decimals: 9 },
    { key: "maxValue", label: "最大值", kind: "decimal", required: false, min: -PHYS, max: PHYS, decimals: 9 },
    { key: "unit", label: "单位", kind: "text", required: false, maxLength: 20, listed: true },
    {
      key: "periodMs",
      label: "采集周期(ms)",
      kind: "integer",
      required: true,
      min: 10,
      max: 3_600_000,
      listed: true,
    },
    { key: "remark", label: "备注", kind: "text", required: false, maxLength: 200 },
  ],
  rules: signalProblems,
  example: {
    code: "EXAMPLE.0x0CF00400.EngSpeed",
    vehicleModel: "EXAMPLE",
    messageId: "0x0CF00400",
    signalName: "EngSpeed",
    nameZh: "发动机转速",
    startBit: 24,
    bitLength: 16,
    byteOrder: CAN_BYTE_ORDER_LABELS.intel,
    valueType: CAN_VALUE_TYPE_LABELS.unsigned,
    factor: 0.125,
    valueOffset: 0,
    minValue: 0,
    maxValue: 8031.875,
    unit: "rpm",
    periodMs: 100,
    remark: "",
  },
};

/** A signal's code as a DBC import makes it. */
export const canSignalCode = (vehicleModel: string, messageId: string, signalName: string) =>
  `${vehicleModel}.${messageId}.${signalName}`;
