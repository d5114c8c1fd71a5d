import { COMMAND, ENCRYPTION, RESPONSE_COMMAND } from "../gbt32960/codes";
import { encodeCollectionTime } from "../gbt32960/collectionTime";
import type { FrameError } from "../gbt32960/errors";
import { encodeFrame } from "../gbt32960/frame";
import { bytesToHex } from "../gbt32960/hex";
import { ok, type Result } from "../shared/result";

/**
 * What a 2016 real-time unit built by {@link encodeRealtimeMessage} reports: the vehicle
 * item (0x01) and the position item (0x05). Values are in the standard's units; a value out
 * of its field's range is refused, never wrapped.
 */
export interface RealtimeSample {
  readonly collectedAt: number;
  /** Re-sent data (command 0x03) instead of real-time (0x02). */
  readonly resent?: boolean;
  /** Degrees, WGS-84; negative is west. */
  readonly longitude: number;
  /** Degrees, WGS-84; negative is south. */
  readonly latitude: number;
  /** False sends the position with 定位状态 bit 0 set (无效定位). */
  readonly fixValid?: boolean;
  readonly speedKmh: number;
  readonly mileageKm: number;
  readonly soc: number;
  /** Total voltage in V (default 350). */
  readonly voltage?: number;
  /** Total current in A (default 20). */
  readonly current?: number;
  /** SOC sent as the standard's marker instead of a value (a terminal that could not read it). */
  readonly socStatus?: "abnormal" | "invalid";
  /**
   * A 报警数据 item (0x07): 最高报警等级 1–3, the 通用报警标志 DWORD and the fault-code lists
   * (可充电储能装置, 驱动电机, 发动机, 其他; DWORDs, empty when absent).
   */
  readonly alarm?: {
    readonly level: number;
    readonly flags: number;
    readonly faults?: {
      readonly battery?: readonly number[];
      readonly motor?: readonly number[];
      readonly engine?: readonly number[];
      readonly other?: readonly number[];
    };
  };
  /**
   * What the vehicle is doing (default driving: 启动, 未充电, D with driving force, accelerator
   * 20 %); charging: 熄火, 停车充电, P; parked: 熄火, 未充电, P — both with pedals at 0.
   */
  readonly mode?: "driving" | "charging" | "parked";
}

/** 车辆状态, 充电状态, 档位 and 加速踏板 bytes per {@link RealtimeSample.mode}. */
const MODE_BYTES = {
  driving: [0x01, 0x03, 0x2e, 0x14],
  charging: [0x02, 0x01, 0x0f, 0x00],
  parked: [0x02, 0x03, 0x0f, 0x00],
} as const;

const bad = (message: string): Result<never, FrameError> => ({ ok: false, error: { code: "bad-number", message } });

function uint(value: number, size: number, name: string): Result<number[], FrameError> {
  // The top of each field (0xFE…, 0xFF…) is the standard's abnormal/invalid marker, not a value.
  const limit = 2 ** (8 * size) - 2;
  if (!Number.isInteger(value) || value < 0 || value >= limit) return bad(`${name}${value}超出字段范围`);
  const out: number[] = [];
  for (let i = size - 1; i >= 0; i--) out.push(Math.floor(value / 2 ** (8 * i)) % 256);
  return ok(out);
}

const dword = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** The 0x07 item of a sample's alarm: level, flags, then the four fault-code lists (count, DWORDs). */
function alarmItem(alarm: RealtimeSample["alarm"]): number[] {
  if (alarm === undefined) return [];
  const lists = [alarm.faults?.battery, alarm.faults?.motor, alarm.faults?.engine, alarm.faults?.other].map(
    (codes = []) => [codes.length, ...codes.flatMap((c) => dword(c >>> 0))],
  );
  return [0x07, alarm.level, ...dword(alarm.flags >>> 0), ...lists.flat()];
}

/**
 * Hex of a complete, unencrypted GB/T 32960-2016 real-time (or re-sent) command frame whose
 * data unit is 整车数据 (0x01: started, not charging, pure electric, gear D with driving force)
 * and 车辆位置数据 (0x05) — what the demo history and tests store, built by the same frame
 * encoder as every other frame so the raw bytes and their decoding agree.
 */
export function encodeRealtimeMessage(vin: string, s: RealtimeSample): Result<string, FrameError> {
  const time = encodeCollectionTime(s.collectedAt);
  if (!time.ok) return time;
  const fields = [
    uint(Math.round(s.speedKmh * 10), 2, "车速"),
    uint(Math.round(s.mileageKm * 10), 4, "累计里程"),
    uint(Math.round((s.voltage ?? 350) * 10), 2, "总电压"),
    uint(Math.round((s.current ?? 20) * 10) + 10_000, 2, "总电流"),
    s.socStatus === undefined ? uint(Math.round(s.soc), 1, "SOC") : ok([s.socStatus === "invalid" ? 0xff : 0xfe]),
    uint(Math.round(Math.abs(s.longitude) * 1e6), 4, "经度"),
    uint(Math.round(Math.abs(s.latitude) * 1e6), 4, "纬度"),
  ];
  const values: number[][] = [];
  for (const f of fields) {
    if (!f.ok) return f;
    values.push(f.value);
  }
  const [speed, mileage, voltage, current, soc, lon, lat] = values as [
    number[],
    number[],
    number[],
    number[],
    number[],
    number[],
    number[],
  ];
  const status = (s.fixValid === false ? 0x01 : 0) | (s.latitude < 0 ? 0x02 : 0) | (s.longitude < 0 ? 0x04 : 0);
  const [vehicleState, chargingState, gear, accelerator] = MODE_BYTES[s.mode ?? "driving"];
  const data = Uint8Array.from([
    ...time.value,
    0x01,
    vehicleState,
    chargingState,
    0x01, // 运行模式: 纯电
    ...speed,
    ...mileage,
    ...voltage,
    ...current,
    ...soc,
    0x01, // DC-DC: 工作
    gear,
    0x13,
    0x88, // 绝缘电阻 5000 kΩ
    accelerator,
    0x00, // 制动踏板 0 %
    0x05,
    status,
    ...lon,
    ...lat,
    ...alarmItem(s.alarm),
  ]);
  const frame = encodeFrame({
    edition: 2016,
    command: s.resent ? COMMAND.resentData : COMMAND.realtimeData,
    responseFlag: RESPONSE_COMMAND,
    vin,
    encryption: ENCRYPTION.none,
    data,
  });
  return frame.ok ? ok(bytesToHex(frame.value)) : frame;
}
