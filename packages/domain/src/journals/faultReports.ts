import { type FaultCodeIndex, nameFaultCode } from "../dataService/faultCode";
import type { AlarmData } from "../gbt32960/realtime/alarm";
import { JT808_ALARM_BITS } from "../jt808/flags";

/**
 * 故障上报报文 (/tbox/errorReport): the faults a report carries, from what the standards send —
 * GB/T 32960's 报警数据 (0x07) with its four fault-code lists (可充电储能装置 / 驱动电机 / 发动机 /
 * 其他故障代码, DWORDs the maker defines, named through 报文故障码管理's dictionary), and the
 * JT/T 808 0x0200 alarm bits that report a component's fault (GNSS module/antenna, display, TTS,
 * camera, IC-card module, VSS), named by the standard. HJ 1239's OBD fault codes stay in
 * 燃油车国标数据 beside the OBD item they belong to (x-designed).
 */
export const FAULT_SOURCES = {
  battery: "可充电储能装置故障",
  motor: "驱动电机故障",
  engine: "发动机故障",
  other: "其他故障",
  terminal: "终端故障",
} as const;
export type FaultSource = keyof typeof FAULT_SOURCES;
export const FAULT_SOURCE_KEYS = Object.keys(FAULT_SOURCES) as [FaultSource, ...FaultSource[]];

/** One fault of a report: where it comes from, its code, and its name (null while unregistered). */
export interface ReportedFault {
  readonly source: FaultSource;
  /** GB/T 32960: the DWORD as 8 hex digits; JT/T 808: 报警位N. */
  readonly code: string;
  /** The dictionary's (GB/T 32960) or the standard's (JT/T 808) name; null: 未登记的故障码. */
  readonly name: string | null;
}

/** JT/T 808 alarm bits that say a component has failed (表24): 4–6, 9–12 and 24. */
export const JT808_FAULT_BITS: readonly number[] = [4, 5, 6, 9, 10, 11, 12, 24];

const hex8 = (n: number) => (n >>> 0).toString(16).toUpperCase().padStart(8, "0");

/** The fault codes of a GB/T 32960 alarm unit, list by list, unnamed (see {@link nameFaults}). */
export function gbtFaults(a: AlarmData): ReportedFault[] {
  const lists: [FaultSource, readonly number[]][] = [
    ["battery", a.packFaults],
    ["motor", a.motorFaults],
    ["engine", a.engineFaults],
    ["other", a.otherFaults],
  ];
  return lists.flatMap(([source, codes]) => codes.map((c) => ({ source, code: hex8(c), name: null })));
}

/** The component faults among a JT/T 808 alarm word's set bits, by the standard's names. */
export function jt808Faults(alarm: number): ReportedFault[] {
  return JT808_FAULT_BITS.filter((bit) => ((alarm >>> bit) & 1) === 1).map((bit) => ({
    source: "terminal",
    code: `报警位${bit}`,
    // Every fault bit is named by the standard.
    name: JT808_ALARM_BITS[bit] as string,
  }));
}

/** GB/T 32960 codes named by the tenant's dictionary (gbFault); JT/T 808's keep the standard's names. */
export function nameFaults(faults: readonly ReportedFault[], index: FaultCodeIndex): ReportedFault[] {
  return faults.map((f) =>
    f.source === "terminal" ? f : { ...f, name: nameFaultCode(index, "gbFault", f.code)?.nameZh ?? null },
  );
}

/** A fault as a journal writes it: 「0000A001 BMS内部通信故障」, or the code with 未登记. */
export function faultText(f: ReportedFault): string {
  return f.name === null ? `${f.code}（未登记的故障码）` : `${f.code} ${f.name}`;
}
