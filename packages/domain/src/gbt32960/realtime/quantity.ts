import type { ByteReader } from "./reader";

/**
 * GB/T 32960.3 marks a measured value that the terminal could not take: the largest value of
 * the field minus one is "abnormal" (0xFE, 0xFFFE, 0xFFFFFFFE), the largest is "invalid" (0xFF,
 * 0xFFFF, 0xFFFFFFFF) (telematics-facts.md §1). Such a value is kept as its status and raw
 * bytes, never scaled into a number a screen could show as a reading.
 */
export type ValueStatus = "valid" | "abnormal" | "invalid";

/** A scaled measurement: `value` (in `unit`) exists only when the raw value is valid. */
export type Quantity =
  | { readonly status: "valid"; readonly raw: number; readonly value: number; readonly unit: string }
  | { readonly status: "abnormal" | "invalid"; readonly raw: number; readonly unit: string };

/** An enumerated state byte: the standard's Chinese name of `raw` (undefined for an undefined code). */
export interface Coded {
  readonly status: ValueStatus;
  readonly raw: number;
  readonly name: string | undefined;
}

/**
 * How a field is scaled: value = (raw − rawOffset) / divisor. Written with a divisor and an
 * offset in raw units (not a factor 0.1 and an offset in units) so the result is the nearest
 * double to the decimal reading (3539 → 353.9, not 353.90000000000003).
 */
export interface Scale {
  readonly unit: string;
  readonly divisor?: number;
  readonly rawOffset?: number;
  /** false where the edition defines no abnormal/invalid values for the field (2016 insulation). */
  readonly checked?: boolean;
}

type Width = 1 | 2 | 4;

function statusOf(raw: number, width: Width, checked: boolean): ValueStatus {
  const max = 2 ** (width * 8) - 1;
  if (!checked) return "valid";
  if (raw === max) return "invalid";
  return raw === max - 1 ? "abnormal" : "valid";
}

function readRaw(reader: ByteReader, width: Width): number {
  if (width === 1) return reader.u8();
  return width === 2 ? reader.u16() : reader.u32();
}

/** A raw value as a {@link Quantity} under `scale`. */
export function toQuantity(raw: number, width: Width, scale: Scale): Quantity {
  const status = statusOf(raw, width, scale.checked ?? true);
  if (status !== "valid") return { status, raw, unit: scale.unit };
  const value = (raw - (scale.rawOffset ?? 0)) / (scale.divisor ?? 1);
  return { status, raw, value, unit: scale.unit };
}

/** Reads a 1-, 2- or 4-byte field as a {@link Quantity}. */
export function readQuantity(reader: ByteReader, width: Width, scale: Scale): Quantity {
  return toQuantity(readRaw(reader, width), width, scale);
}

/** A byte field as a number without unit (a pack, cell or probe number), with its status. */
export function readIndex(reader: ByteReader): Quantity {
  return readQuantity(reader, 1, { unit: "" });
}

/** Reads a state byte; 0xFE and 0xFF are 异常 / 无效 in every state field of the standard. */
export function readCoded(reader: ByteReader, names: ReadonlyMap<number, string>): Coded {
  return toCoded(reader.u8(), names);
}

/** A state byte's {@link Coded} reading. */
export function toCoded(raw: number, names: ReadonlyMap<number, string>): Coded {
  if (raw === 0xfe) return { status: "abnormal", raw, name: "异常" };
  if (raw === 0xff) return { status: "invalid", raw, name: "无效" };
  return { status: "valid", raw, name: names.get(raw) };
}

/** Units the standard uses, written once. */
export const UNIT = {
  celsius: "℃",
  volt: "V",
  ampere: "A",
  percent: "%",
  rpm: "r/min",
  newtonMetre: "N·m",
  kmh: "km/h",
  km: "km",
  kiloOhm: "kΩ",
  degree: "°",
} as const;

/** Temperatures: 1 ℃ per step from −40 ℃ (raw 0). */
export const TEMPERATURE: Scale = { unit: UNIT.celsius, rawOffset: 40 };
