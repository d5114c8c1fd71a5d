import type { SelectOption } from "./treeOption";

/**
 * Label/value options from any list (§3 "Select option: label and value"): `label` and `value`
 * name the fields to read; values are kept as they are.
 */
export function toOptions<T, L extends keyof T, V extends keyof T>(
  list: readonly T[],
  label: L,
  value: V,
): SelectOption<T[V]>[] {
  return list.map((item) => ({ label: String(item[label]), value: item[value] }));
}

/** A dealer option as the dealer calls answer it (§3 "Dealer option: dealerCode, dealerName"). */
export interface Dealer {
  readonly dealerCode: string;
  readonly dealerName: string;
}

/** Dealers as options: label dealerName, value dealerCode. */
export function dealerOptions(dealers: readonly Dealer[]): SelectOption[] {
  return toOptions(dealers, "dealerName", "dealerCode");
}

/** Channel selector, general list: channels 1 to 13 (§9). */
export const GENERAL_CHANNELS: readonly number[] = Array.from({ length: 13 }, (_, i) => i + 1);
/** Channel selector, audio list: channels 33, 36, 37 (§9). */
export const AUDIO_CHANNELS: readonly number[] = [33, 36, 37];

/** Sort options: report time descending or ascending (§9); the value is reportTimeDesc. */
export const SORT_OPTIONS: readonly SelectOption<boolean>[] = [
  { label: "上报时间降序", value: true },
  { label: "上报时间升序", value: false },
];

/** Lookup types of the two-part search box (§2, §9: VIN, ICCID, SN). */
export const LOOKUP_TYPES: readonly SelectOption<"vin" | "iccid" | "sn">[] = [
  { label: "VIN", value: "vin" },
  { label: "ICCID", value: "iccid" },
  { label: "SN", value: "sn" },
];

/** "All" in the screen query cache (§3 "each default 全部, meaning all"). */
export const ALL = "全部";

/** The screen query cache's defaults (§3 "Screen query cache"). */
export const SCREEN_QUERY_DEFAULTS = {
  powerType: ALL,
  vehicleClassification: ALL,
  vehicleModel: ALL,
  market: ALL,
  dimension: 0,
} as const;
