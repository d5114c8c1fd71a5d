import type { RegisterDef, RegisterProblem, RegisterValues } from "../registers/register";

/**
 * 报文故障码管理 (/dataService/faultCodeManagement): the dictionary that names the fault codes
 * vehicles report, so journals and alarms can say 「P0101 空气流量计电路范围/性能」 instead of a
 * number. x-designed: the spec names the screen only; the codes are those a connected fleet
 * meets in its frames —
 * - GB/T 32960 general alarm flags (通用报警标志, bits 0–18 of the 2016 edition, 19–27 of the
 *   2025 edition), written ALM00 … ALM27;
 * - GB/T 32960 fault code lists (可充电储能装置 / 驱动电机 / 发动机 / 其他故障代码: n × DWORD
 *   the maker defines), written as 8 hexadecimal digits, e.g. 0000A001;
 * - OBD / UDS DTCs (ISO 15031-6 / SAE J2012: P, C, B or U and 4 characters, an optional
 *   failure-type byte), e.g. P0101, U0100-87 — also what HJ 1239 OBD frames carry;
 * - SAE J1939 DM1 codes as SPN and FMI, written SPN3226-FMI4.
 * The written forms never overlap, so a code alone is the register's key.
 */

export const FAULT_PROTOCOL_LABELS = {
  gbAlarm: "国标通用报警",
  gbFault: "国标故障代码",
  dtc: "OBD/UDS故障码",
  j1939: "J1939 SPN-FMI",
} as const;
export type FaultProtocol = keyof typeof FAULT_PROTOCOL_LABELS;

export const FAULT_SYSTEM_LABELS = {
  battery: "动力电池",
  motor: "驱动电机",
  engine: "发动机",
  afterTreatment: "后处理",
  fuelCell: "燃料电池",
  chassis: "底盘制动",
  body: "车身电气",
  network: "网络通信",
  other: "其他",
} as const;

/** GB/T 32960.3's alarm levels (the frame's 最高报警等级): 1 no effect on driving … 3 stop now. */
export const FAULT_LEVEL_LABELS = { "1": "1级 轻微", "2": "2级 一般", "3": "3级 严重" } as const;

export const MSG_FAULT_CODE_FORM: Readonly<Record<FaultProtocol, string>> = {
  gbAlarm: "国标通用报警的故障码应为ALM加两位报警位序号（00至27），如ALM05",
  gbFault: "国标故障代码应为8位十六进制数，如0000A001",
  dtc: "OBD/UDS故障码应为P、C、B或U加4位（第2位0至3），可带“-”和2位故障类型，如P0101、U0100-87",
  j1939: "J1939故障码应为SPN（0至524287）和FMI（0至31），如SPN3226-FMI4",
};

const FORMS: Readonly<Record<FaultProtocol, RegExp>> = {
  gbAlarm: /^ALM(0\d|1\d|2[0-7])$/u,
  gbFault: /^[0-9A-F]{8}$/u,
  dtc: /^[PCBU][0-3][0-9A-F]{3}(-[0-9A-F]{2})?$/u,
  j1939: /^SPN(\d{1,6})-FMI(\d{1,2})$/u,
};

/** Whether `code` is written as `protocol` writes its codes (J1939: SPN and FMI in range too). */
export function isFaultCodeOf(protocol: FaultProtocol, code: string): boolean {
  const m = FORMS[protocol].exec(code);
  if (!m) return false;
  if (protocol !== "j1939") return true;
  return Number(m[1]) <= 524_287 && Number(m[2]) <= 31;
}

/** The register's rule between fields: the code is written in its protocol's form. */
function codeFormProblems(row: RegisterValues): RegisterProblem[] {
  const protocol = row.protocol as FaultProtocol;
  return isFaultCodeOf(protocol, String(row.code)) ? [] : [{ field: "code", msg: MSG_FAULT_CODE_FORM[protocol] }];
}

export const FAULT_CODE_REGISTER: RegisterDef = {
  name: "faultCodeManagement",
  title: "报文故障码",
  noun: "故障码",
  nameField: "nameZh",
  searchable: ["code", "nameZh", "description"],
  fields: [
    {
      key: "code",
      label: "故障码",
      kind: "code",
      required: true,
      maxLength: 16,
      listed: true,
      hint: "按协议书写：ALM05、0000A001、P0101、SPN3226-FMI4",
    },
    {
      key: "protocol",
      label: "协议类型",
      kind: "choice",
      required: true,
      choices: FAULT_PROTOCOL_LABELS,
      listed: true,
    },
    { key: "system", label: "所属系统", kind: "choice", required: true, choices: FAULT_SYSTEM_LABELS, listed: true },
    { key: "level", label: "故障等级", kind: "choice", required: true, choices: FAULT_LEVEL_LABELS, listed: true },
    { key: "nameZh", label: "中文名称", kind: "text", required: true, maxLength: 60, listed: true },
    { key: "description", label: "故障描述", kind: "text", required: false, maxLength: 500 },
    { key: "remedy", label: "处理建议", kind: "text", required: false, maxLength: 500 },
  ],
  rules: codeFormProblems,
  example: {
    code: "P0000",
    protocol: FAULT_PROTOCOL_LABELS.dtc,
    system: FAULT_SYSTEM_LABELS.engine,
    level: FAULT_LEVEL_LABELS["2"],
    nameZh: "示例故障",
    description: "示例行，请替换为实际故障码",
    remedy: "",
  },
};

/* ---- Naming a reported code (for the journals) ---- */

/**
 * A code as reported or typed, in the register's form, or null when it cannot be one:
 * - gbAlarm: the bit number (5, "05") or ALM05;
 * - gbFault: the DWORD as a number or hex text (0xA001, a001 → 0000A001);
 * - dtc: case and spaces aside (p0101 → P0101, "u0100 87" → U0100-87);
 * - j1939: SPN and FMI as "SPN 3226 FMI 4", "3226-4", "3226/4" or [3226, 4].
 */
export function normaliseFaultCode(protocol: FaultProtocol, raw: string | number | readonly [number, number]) {
  let code: string | null = null;
  if (Array.isArray(raw)) {
    code = protocol === "j1939" ? `SPN${raw[0]}-FMI${raw[1]}` : null;
  } else if (typeof raw === "number") {
    if (protocol === "gbAlarm") code = `ALM${String(raw).padStart(2, "0")}`;
    if (protocol === "gbFault" && Number.isInteger(raw) && raw >= 0 && raw <= 0xffff_ffff)
      code = raw.toString(16).toUpperCase().padStart(8, "0");
  } else {
    const text = String(raw).trim().toUpperCase();
    if (protocol === "gbAlarm") code = /^\d{1,2}$/u.test(text) ? `ALM${text.padStart(2, "0")}` : text;
    if (protocol === "gbFault") {
      const hex = text.replace(/^0X/u, "");
      code = /^[0-9A-F]{1,8}$/u.test(hex) ? hex.padStart(8, "0") : null;
    }
    if (protocol === "dtc") code = text.replace(/\s+/gu, "-");
    if (protocol === "j1939") {
      const m = /^(?:SPN\s*)?(\d{1,6})\s*(?:[-/\s]\s*|-?\s*FMI\s*)(?:FMI\s*)?(\d{1,2})$/u.exec(text);
      code = m ? `SPN${Number(m[1])}-FMI${Number(m[2])}` : null;
    }
  }
  return code !== null && isFaultCodeOf(protocol, code) ? code : null;
}

/**
 * SPN and FMI of a J1939 DM1 diagnostic trouble code as its 4 bytes read little-endian into a
 * number (conversion method 4: SPN bits 0–18 = byte 1, byte 2, top 3 bits of byte 3; FMI the low
 * 5 bits of byte 3; byte 4 the occurrence count and the conversion bit).
 */
export function j1939DtcOfDword(dword: number): readonly [number, number] {
  const b1 = dword & 0xff;
  const b2 = (dword >>> 8) & 0xff;
  const b3 = (dword >>> 16) & 0xff;
  return [b1 | (b2 << 8) | ((b3 >>> 5) << 16), b3 & 0x1f];
}

/** A named code: what the journals show beside it. */
export interface NamedFaultCode {
  code: string;
  protocol: FaultProtocol;
  nameZh: string;
  system: string;
  level: string;
  remedy: string | null;
}

/** The tenant's dictionary, keyed by code (build once per request, look up per frame). */
export type FaultCodeIndex = ReadonlyMap<string, NamedFaultCode>;

export function faultCodeIndex(entries: readonly NamedFaultCode[]): FaultCodeIndex {
  return new Map(entries.map((e) => [e.code, e]));
}

/**
 * The dictionary's entry for a reported code, or null when the code is malformed, unknown, or
 * registered under another protocol. A pure lookup: the journals name codes with it.
 */
export function nameFaultCode(
  index: FaultCodeIndex,
  protocol: FaultProtocol,
  raw: string | number | readonly [number, number],
): NamedFaultCode | null {
  const code = normaliseFaultCode(protocol, raw);
  const hit = code === null ? undefined : index.get(code);
  return hit && hit.protocol === protocol ? hit : null;
}

/** How a journal writes a reported code: 「P0101 空气流量计电路范围/性能」, or the code with 未登记. */
export function faultCodeText(index: FaultCodeIndex, protocol: FaultProtocol, raw: string | number): string {
  const named = nameFaultCode(index, protocol, raw);
  if (named) return `${named.code} ${named.nameZh}`;
  return `${normaliseFaultCode(protocol, raw) ?? String(raw)}（未登记的故障码）`;
}
