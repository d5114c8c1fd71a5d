import type { Gbt32960Edition } from "../codes";
import { type Coded, readCoded } from "./quantity";
import type { ByteReader } from "./reader";

/**
 * 通用报警标志 bit names (telematics-facts.md §1 "Alarm bits 0–18" ✔; bits 19–27 are the
 * 2025 edition's, ①rtm_con, named here from its identifiers).
 */
export const ALARM_BITS: readonly string[] = [
  "温度差异报警",
  "电池高温报警",
  "车载储能装置类型过压报警",
  "车载储能装置类型欠压报警",
  "SOC低报警",
  "单体电池过压报警",
  "单体电池欠压报警",
  "SOC过高报警",
  "SOC跳变报警",
  "可充电储能系统不匹配报警",
  "电池单体一致性差报警",
  "绝缘报警",
  "DC-DC温度报警",
  "制动系统报警",
  "DC-DC状态报警",
  "驱动电机控制器温度报警",
  "高压互锁状态报警",
  "驱动电机温度报警",
  "车载储能装置类型过充报警",
  "驱动电机超速报警",
  "驱动电机过流报警",
  "超级电容器过温报警",
  "超级电容器过压报警",
  "可充电储能系统热事件报警",
  "氢气泄漏报警",
  "储氢系统压力异常报警",
  "储氢系统温度异常报警",
  "燃料电池电堆超温报警",
];
/** Bits defined per edition; higher bits are reserved. */
const DEFINED_BITS: Readonly<Record<Gbt32960Edition, number>> = { 2016: 19, 2025: 28 };

/** One set bit of 通用报警标志. */
export interface AlarmFlag {
  readonly bit: number;
  /** The standard's name, undefined for a bit the edition reserves. */
  readonly name: string | undefined;
}

/** 报警数据 (information type 0x07 in 2016, 0x06 in 2025). */
export interface AlarmData {
  /** 最高报警等级 (0 无故障, 1–3). */
  readonly highestLevel: Coded;
  /** 通用报警标志, the DWORD as sent. */
  readonly flagsRaw: number;
  /** Its set bits, lowest first. */
  readonly flags: readonly AlarmFlag[];
  /** 可充电储能装置故障代码列表 (DWORDs). */
  readonly packFaults: readonly number[];
  /** 驱动电机故障代码列表. */
  readonly motorFaults: readonly number[];
  /** 发动机故障代码列表. */
  readonly engineFaults: readonly number[];
  /** 其他故障代码列表. */
  readonly otherFaults: readonly number[];
  /** 2025 only: the list of {通用报警, 等级} (①rtm_con). */
  readonly alarms?: readonly { readonly flag: AlarmFlag; readonly level: number }[];
}

const LEVELS = new Map([
  [0, "无故障"],
  [1, "1级故障"],
  [2, "2级故障"],
  [3, "3级故障"],
]);

function flagOf(bit: number, edition: Gbt32960Edition): AlarmFlag {
  return { bit, name: bit < DEFINED_BITS[edition] ? ALARM_BITS[bit] : undefined };
}

function readFaults(reader: ByteReader): number[] {
  const count = reader.u8();
  return reader.list(count, 4, () => reader.u32());
}

/** Reads 报警数据: level, flags, four fault-code lists, and (2025) the alarm/level list. */
export function readAlarm(reader: ByteReader, edition: Gbt32960Edition): AlarmData {
  const highestLevel = readCoded(reader, LEVELS);
  const flagsRaw = reader.u32();
  const flags: AlarmFlag[] = [];
  for (let bit = 0; bit < 32; bit++) if ((flagsRaw >>> bit) & 1) flags.push(flagOf(bit, edition));
  const data = {
    highestLevel,
    flagsRaw,
    flags,
    packFaults: readFaults(reader),
    motorFaults: readFaults(reader),
    engineFaults: readFaults(reader),
    otherFaults: readFaults(reader),
  };
  if (edition === 2016) return data;
  const count = reader.u8();
  const alarms = reader.list(count, 2, () => ({ flag: flagOf(reader.u8(), edition), level: reader.u8() }));
  return { ...data, alarms };
}
