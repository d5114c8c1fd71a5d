import { type FrameProtocol, frameProtocol, jt808FrameLocations, type StoredFrameProtocol } from "../frames/positions";
import { COMMAND } from "../gbt32960/codes";
import { decodeMessage } from "../gbt32960/message";
import { ALARM_BITS, type AlarmData } from "../gbt32960/realtime/alarm";
import type { Coded, Quantity, ValueStatus } from "../gbt32960/realtime/quantity";
import type { RealtimeData } from "../gbt32960/realtime/realtimeData";
import { JT808_ALARM_BITS, jt808AlarmNames } from "../jt808/flags";
import { type Jt808Location, jt808Coordinates } from "../jt808/location";
import { type EmergencyCall, emergencyCallOf } from "./emergencyCall";
import { type FaultSource, gbtFaults, jt808Faults, type ReportedFault } from "./faultReports";
import {
  type DieselValues,
  type FuelCarItem,
  type GearReading,
  gearReading,
  hj1239Items,
  type ObdValues,
} from "./fuelCar";

/**
 * The TBOX message journals read from the gateway's frame journal (issue 16; platform-shell.md
 * /tbox): 车辆位置报文, 位置补发报文, 车辆报警报文, 新能源国标数据, 报警数据查询, 燃油车国标数据,
 * 档位车速报文, 故障上报报文 (errorReport), ECALL/BCALL报文 (ecall).
 */
export const TBOX_JOURNALS = [
  "location",
  "locationResend",
  "warn",
  "energyCar",
  "warnsearch",
  "fuelCar",
  "gearsSpeed",
  "errorReport",
  "ecall",
] as const;
export type TboxJournal = (typeof TBOX_JOURNALS)[number];

/**
 * Commands each journal reads (the store's pre-filter; the decoded entry decides the rest):
 * GB/T 32960 real-time 0x02 and re-sent 0x03, JT/T 808 location 0x0200 and batch 0x0704.
 * 燃油车国标数据 reads HJ 1239 frames, which the gateway stores with no command (see
 * {@link TBOX_JOURNAL_READS_HJ1239}).
 */
export const TBOX_JOURNAL_COMMANDS: Readonly<Record<TboxJournal, readonly number[]>> = {
  location: [COMMAND.realtimeData, 0x0200, 0x0704],
  locationResend: [COMMAND.resentData, 0x0704],
  warn: [COMMAND.realtimeData, COMMAND.resentData, 0x0200, 0x0704],
  energyCar: [COMMAND.realtimeData, COMMAND.resentData],
  warnsearch: [COMMAND.realtimeData, COMMAND.resentData, 0x0200, 0x0704],
  fuelCar: [],
  gearsSpeed: [COMMAND.realtimeData, COMMAND.resentData, 0x0200, 0x0704],
  errorReport: [COMMAND.realtimeData, COMMAND.resentData, 0x0200, 0x0704],
  ecall: [0x0200, 0x0704],
};

/** Whether a journal reads the HJ 1239 frames (stored with command null: HJ 1239 shares no command numbering with the others). */
export const journalReadsHj1239 = (journal: TboxJournal): boolean => journal === "fuelCar";

/**
 * A measured value as the journals show it: `value` only when the terminal sent a valid one;
 * 异常 (abnormal) and 无效 (invalid) stay what they are, never a number (GB/T 32960.3).
 */
export interface Reading {
  readonly status: ValueStatus;
  readonly value: number | null;
  readonly unit: string;
}

/**
 * One report of a frame (a GB/T 32960 unit, a JT/T 808 location or one entry of a batch; for
 * 燃油车国标数据 an HJ 1239 item).
 */
export interface JournalReport {
  readonly protocol: StoredFrameProtocol;
  /** The terminal's collection time, epoch ms. */
  readonly collectedAt: number;
  /** Re-sent data (GB/T 32960 0x03, JT/T 808 0x0704 type 1). */
  readonly resent: boolean;
  /** The report carried a position (GB/T 32960 0x05 item, every JT/T 808 location). */
  readonly hasPosition: boolean;
  readonly fixValid: boolean;
  /** WGS-84 degrees, signed, present only with a valid fix. */
  readonly longitude: number | null;
  readonly latitude: number | null;
  readonly speed: Reading | null;
  readonly mileage: Reading | null;
  readonly soc: Reading | null;
  readonly totalVoltage: Reading | null;
  readonly totalCurrent: Reading | null;
  /** 车辆状态 (GB/T 32960 0x01), its standard name, 异常 or 无效. */
  readonly vehicleState: string | null;
  /** 最高报警等级 (GB/T 32960 0x07; JT/T 808 has no level). */
  readonly alarmLevel: Reading | null;
  /** The standards' names of the alarms set (通用报警标志 / JT/T 808 报警标志). */
  readonly alarms: readonly string[];
  /** GB/T 32960 information types the unit carried (HJ 1239: the item's), by the standard's names. */
  readonly items: readonly string[];
  /** 档位 of a GB/T 32960 整车数据 item (JT/T 808 and HJ 1239 report none). */
  readonly gear: GearReading | null;
  /** HJ 1239 数据流信息 (diesel) beyond speed, odometer and position. */
  readonly diesel: DieselValues | null;
  /** HJ 1239 OBD信息. */
  readonly obd: ObdValues | null;
  /** 故障上报报文: GB/T 32960 fault-code lists, JT/T 808 component-fault bits. */
  readonly faults: readonly ReportedFault[];
  /** ECALL/BCALL报文: the call a JT/T 808 location reports (the designed 0xEC item, alarm bit 0). */
  readonly call: EmergencyCall | null;
}

/** Filters beyond VIN and range, per journal. */
export interface TboxJournalFilter {
  readonly protocol?: "gbt32960" | "jt808" | undefined;
  /** 报警数据查询: 最高报警等级 1–3. */
  readonly level?: number | undefined;
  /** 报警数据查询: one alarm by the standard's name. */
  readonly alarm?: string | undefined;
  /** 档位车速报文: speed at least / at most, km/h (a report without a valid speed is left out). */
  readonly minSpeed?: number | undefined;
  readonly maxSpeed?: number | undefined;
  /** 档位车速报文: one gear code 0–15 (only GB/T 32960 reports carry a gear). */
  readonly gear?: number | undefined;
  /** 故障上报报文: faults of one source only. */
  readonly faultSource?: FaultSource | undefined;
  /** ECALL/BCALL报文: E or B calls only. */
  readonly callType?: "E" | "B" | undefined;
}

const reading = (q: Quantity): Reading => ({
  status: q.status,
  value: q.status === "valid" ? q.value : null,
  unit: q.unit,
});

const valid = (value: number, unit: string): Reading => ({ status: "valid", value, unit });

const codedText = (c: Coded): string => c.name ?? `0x${c.raw.toString(16).toUpperCase().padStart(2, "0")}`;

/** A report of a GB/T 32960 or JT/T 808 frame (what the decoded stores take). */
export type TboxJournalEntry = JournalReport & { readonly protocol: FrameProtocol };

/**
 * The entry of a GB/T 32960 real-time (0x02) or re-sent (0x03) unit already decoded — what
 * `tboxJournalEntries` reads from the unit's raw frame. The gateway decodes each frame once, at
 * its connection, and hands the unit to the writer's stores through this.
 */
export function realtimeJournalEntry(realtime: RealtimeData, resent: boolean): TboxJournalEntry {
  let entry: TboxJournalEntry = {
    protocol: "gbt32960",
    collectedAt: realtime.collectedAt,
    resent,
    hasPosition: false,
    fixValid: false,
    longitude: null,
    latitude: null,
    speed: null,
    mileage: null,
    soc: null,
    totalVoltage: null,
    totalCurrent: null,
    vehicleState: null,
    alarmLevel: null,
    alarms: [],
    items: realtime.items.map((i) => i.name),
    gear: null,
    diesel: null,
    obd: null,
    faults: [],
    call: null,
  };
  for (const item of realtime.items) {
    if (item.kind === "vehicle") {
      const v = item.vehicle;
      entry = {
        ...entry,
        speed: reading(v.speed),
        mileage: reading(v.odometer),
        soc: reading(v.soc),
        totalVoltage: reading(v.totalVoltage),
        totalCurrent: reading(v.totalCurrent),
        vehicleState: codedText(v.vehicleState),
        gear: gearReading(v.gear),
      };
    } else if (item.kind === "position") {
      const { longitude: lon, latitude: lat, ...p } = item.position;
      entry = { ...entry, hasPosition: true };
      // A fix whose coordinates are 异常/无效 is no fix: no number is shown as a place.
      if (p.fixValid && lon.status === "valid" && lat.status === "valid") {
        entry = {
          ...entry,
          fixValid: true,
          longitude: p.west ? -lon.value : lon.value,
          latitude: p.south ? -lat.value : lat.value,
        };
      }
    } else if (item.kind === "alarm") {
      entry = { ...entry, ...alarmSummary(item.alarm), faults: gbtFaults(item.alarm) };
    }
  }
  return entry;
}

function jt808Entry(l: Jt808Location, resent: boolean): TboxJournalEntry {
  // Status bit 1: 0 未定位, 1 定位 (JT/T 808 表25).
  const fixValid = (l.status & 0x02) !== 0;
  const { latitude, longitude } = jt808Coordinates(l);
  const mileage = l.items.find((i): i is { readonly kind: "mileage"; readonly value: number } => i.kind === "mileage");
  return {
    protocol: "jt808",
    collectedAt: l.time,
    resent,
    hasPosition: true,
    fixValid,
    longitude: fixValid ? longitude : null,
    latitude: fixValid ? latitude : null,
    speed: valid(l.speed / 10, "km/h"),
    mileage: mileage ? valid(mileage.value / 10, "km") : null,
    soc: null,
    totalVoltage: null,
    totalCurrent: null,
    vehicleState: null,
    alarmLevel: null,
    alarms: jt808AlarmNames(l.alarm),
    items: [],
    gear: null,
    diesel: null,
    obd: null,
    faults: jt808Faults(l.alarm),
    call: emergencyCallOf(l),
  };
}

function hj1239Entry(i: FuelCarItem): JournalReport {
  const p = i.position;
  // A fix whose coordinates are 异常/无效 is no fix, as in GB/T 32960.
  const fix =
    p?.fixValid && p.longitude.status === "valid" && p.latitude.status === "valid"
      ? {
          longitude: p.west ? -p.longitude.value : p.longitude.value,
          latitude: p.south ? -p.latitude.value : p.latitude.value,
        }
      : null;
  return {
    protocol: "hj1239",
    collectedAt: i.collectedAt,
    resent: i.resent,
    hasPosition: p !== null,
    fixValid: fix !== null,
    longitude: fix?.longitude ?? null,
    latitude: fix?.latitude ?? null,
    speed: i.speed,
    mileage: i.odometer,
    soc: null,
    totalVoltage: null,
    totalCurrent: null,
    vehicleState: null,
    alarmLevel: null,
    alarms: [],
    items: [i.item],
    gear: null,
    diesel: i.diesel,
    obd: i.obd,
    faults: [],
    call: null,
  };
}

/** The reports of a stored frame a journal reads: HJ 1239 items for 燃油车国标数据, else {@link tboxJournalEntries}. */
export function journalEntries(journal: TboxJournal, rawHex: string): JournalReport[] {
  if (journalReadsHj1239(journal))
    return frameProtocol(rawHex) === "hj1239" ? hj1239Items(rawHex).map(hj1239Entry) : [];
  return tboxJournalEntries(rawHex);
}

/**
 * The reports of a stored frame: one per GB/T 32960 real-time/re-sent unit, one per JT/T 808
 * location (each entry of a 0x0704 batch). A frame that does not decode reports none.
 */
export function tboxJournalEntries(rawHex: string): TboxJournalEntry[] {
  const protocol = frameProtocol(rawHex);
  if (protocol === "jt808") return jt808FrameLocations(rawHex).map((l) => jt808Entry(l.location, l.resent));
  if (protocol !== "gbt32960") return [];
  const decoded = decodeMessage(rawHex);
  if (!decoded.ok || decoded.value.body.kind !== "realtime") return [];
  return [realtimeJournalEntry(decoded.value.body.realtime, decoded.value.frame.command === COMMAND.resentData)];
}

/** Whether the report carries an alarm: a set flag, or a GB/T 32960 level above 无故障. */
export function entryHasAlarm(e: JournalReport): boolean {
  return e.alarms.length > 0 || (e.alarmLevel?.value ?? 0) > 0;
}

/** Whether a report belongs to the journal under its filter. */
export function entryInJournal(journal: TboxJournal, e: JournalReport, f: TboxJournalFilter = {}): boolean {
  if (f.protocol !== undefined && e.protocol !== f.protocol) return false;
  switch (journal) {
    case "location":
      return e.hasPosition && !e.resent;
    case "locationResend":
      return e.hasPosition && e.resent;
    case "energyCar":
      return e.protocol === "gbt32960";
    case "warn":
      return entryHasAlarm(e);
    case "warnsearch":
      return (
        entryHasAlarm(e) &&
        (f.level === undefined || e.alarmLevel?.value === f.level) &&
        (f.alarm === undefined || e.alarms.includes(f.alarm))
      );
    case "fuelCar":
      return e.protocol === "hj1239";
    case "gearsSpeed":
      return gearsSpeedKeeps(e, f);
    case "errorReport":
      return e.faults.some((x) => f.faultSource === undefined || x.source === f.faultSource);
    case "ecall":
      return e.call !== null && (f.callType === undefined || e.call.type === f.callType);
  }
}

/**
 * 档位车速报文: a report with a speed (GB/T 32960 整车数据, JT/T 808 location) within the speed
 * range and of the gear asked for (a gear filter keeps GB/T 32960 reports only: JT/T 808 has no gear).
 */
function gearsSpeedKeeps(e: JournalReport, f: TboxJournalFilter): boolean {
  if (e.speed === null || e.protocol === "hj1239") return false;
  if (f.gear !== undefined && e.gear?.code !== f.gear) return false;
  if (f.minSpeed === undefined && f.maxSpeed === undefined) return true;
  const v = e.speed.value;
  if (v === null) return false;
  return (f.minSpeed === undefined || v >= f.minSpeed) && (f.maxSpeed === undefined || v <= f.maxSpeed);
}

/** A reading as text: `353.9 V`, 异常, 无效, or — when the report had no such value. */
export function readingText(r: Reading | null): string {
  if (r === null) return "—";
  if (r.status === "abnormal") return "异常";
  if (r.status === "invalid") return "无效";
  return r.unit ? `${r.value} ${r.unit}` : String(r.value);
}

/**
 * The alarms 报警数据查询 can look for: GB/T 32960's 通用报警标志 (both editions) then JT/T 808's
 * 报警标志, each name once.
 */
export const TBOX_ALARM_NAMES: readonly string[] = [
  ...new Set([...ALARM_BITS, ...JT808_ALARM_BITS.filter((n): n is string => n !== undefined)]),
];

/**
 * What a GB/T 32960 alarm unit (0x07) says at a glance: the highest level as a reading (无效/异常
 * kept) and the names of the flags set (报警位N for a bit the standard leaves unnamed). The
 * journals' rows and the vehicle's latest state show the same two fields.
 */
export function alarmSummary(a: AlarmData): { alarmLevel: Reading; alarms: string[] } {
  const level = a.highestLevel;
  return {
    alarmLevel: { status: level.status, value: level.status === "valid" ? level.raw : null, unit: "" },
    alarms: a.flags.map((f) => f.name ?? `报警位${f.bit}`),
  };
}
