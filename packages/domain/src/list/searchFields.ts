import { type DateRangeMode, dateRangeProblem, MSG_RANGE_REVERSED, msgDaySpan } from "../dates/dateRange";
import { iccidProblem } from "../identifiers/iccid";
import { msisdnProblem } from "../identifiers/msisdn";
import { tboxSerialProblem } from "../identifiers/tboxSerial";
import { normalizeVin, vinProblem } from "../identifiers/vin";
import { numberRangeProblem } from "../search/numberRange";
import { msgChoose } from "../search/searchForm";

/**
 * The declarative search form of the screen kit (issue 13), its pure half: which field reads
 * which filter keys, what it must hold, and the spec's messages (platform-shell.md §5). The
 * widgets (`@tsp/ui` SearchForm) add labels, options and loaders; a screen declares each
 * field once and the form, its validation and the address all follow.
 *
 * Ranges span two keys of the flat filter object (`start`/`end`, `min`/`max`), so the
 * address holds plain values.
 */
export type SearchFieldRule =
  | KeyedRule<"text">
  | KeyedRule<"vin">
  | KeyedRule<"iccid">
  | KeyedRule<"msisdn">
  | KeyedRule<"tboxSerial">
  | KeyedRule<"choice">
  | KeyedRule<"codes">
  | {
      readonly kind: "dateRange";
      readonly keys: readonly [string, string];
      readonly label: string;
      readonly mode: DateRangeMode;
      readonly dayMax?: number;
      readonly required?: boolean;
    }
  | {
      readonly kind: "dateTimeRange";
      readonly keys: readonly [string, string];
      readonly label: string;
      /** Longest span in days (e.g. the journal's 31), checked when both ends are set. */
      readonly maxDays?: number;
      readonly required?: boolean;
    }
  | {
      /** Calendar days typed `yyyy-MM-dd` (activation dates, filings): the values stay that text. */
      readonly kind: "dayRange";
      readonly keys: readonly [string, string];
      readonly label: string;
      readonly required?: boolean;
    }
  | { readonly kind: "numberRange"; readonly keys: readonly [string, string]; readonly label: string };

/** A field that reads one key: text, an identifier, a choice or the brand tree's codes. */
export interface KeyedRule<K extends string> {
  readonly kind: K;
  readonly key: string;
  readonly label: string;
  readonly required?: boolean;
}

/** Values of a search form: the screen's flat filter object. */
export type SearchValues = Readonly<Record<string, unknown>>;

/** The id of a field (its key, or its first key for ranges): where its message is kept. */
export function fieldId(field: SearchFieldRule): string {
  return "keys" in field ? field.keys[0] : field.key;
}

/** Designed message of a required text field left empty (the spec quotes 请输入VIN for the VIN). */
export function msgEnter(label: string): string {
  return `请输入${label}`;
}

const IDENTIFIER_PROBLEM = {
  vin: vinProblem,
  iccid: iccidProblem,
  msisdn: msisdnProblem,
  tboxSerial: tboxSerialProblem,
};

const DAY_MS = 86_400_000;

function text(values: SearchValues, key: string): string {
  const v = values[key];
  return typeof v === "string" ? v.trim() : "";
}

function num(values: SearchValues, key: string): number | null {
  const v = values[key];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function isEmpty(field: SearchFieldRule, values: SearchValues): boolean {
  if (field.kind === "dayRange") return text(values, field.keys[0]) === "" || text(values, field.keys[1]) === "";
  if ("keys" in field) return num(values, field.keys[0]) === null || num(values, field.keys[1]) === null;
  const v = values[field.key];
  return Array.isArray(v) ? v.length === 0 : text(values, field.key) === "";
}

/** True while a required field is empty: the search button is disabled then (§5). */
export function isRequiredMissing(fields: readonly SearchFieldRule[], values: SearchValues): boolean {
  return fields.some((f) => "required" in f && f.required === true && isEmpty(f, values));
}

function problemOf(field: SearchFieldRule, values: SearchValues): string | null {
  const required = "required" in field && field.required === true;
  if (required && isEmpty(field, values)) {
    const choose = field.kind === "choice" || field.kind === "codes" || "keys" in field;
    return choose ? msgChoose(field.label) : msgEnter(field.label);
  }
  switch (field.kind) {
    case "vin":
    case "iccid":
    case "msisdn":
    case "tboxSerial": {
      const t = field.kind === "vin" ? normalizeVin(text(values, field.key)) : text(values, field.key);
      return t === "" ? null : IDENTIFIER_PROBLEM[field.kind](t);
    }
    case "dateRange":
    case "dateTimeRange": {
      const start = num(values, field.keys[0]);
      const end = num(values, field.keys[1]);
      if (start === null || end === null) return null;
      if (field.kind === "dateRange") return dateRangeProblem(field.mode, [start, end], field.dayMax);
      if (start > end) return MSG_RANGE_REVERSED;
      return field.maxDays !== undefined && end - start > field.maxDays * DAY_MS ? msgDaySpan(field.maxDays) : null;
    }
    case "dayRange": {
      const from = text(values, field.keys[0]);
      const to = text(values, field.keys[1]);
      return from !== "" && to !== "" && from > to ? MSG_RANGE_REVERSED : null;
    }
    case "numberRange":
      return numberRangeProblem(num(values, field.keys[0]), num(values, field.keys[1]));
    default:
      return null;
  }
}

/**
 * Every problem of the form, by {@link fieldId}: required fields left empty (请输入 / 请选择 +
 * label), identifiers that are not one (the domain's VIN, ICCID, MSISDN and T-BOX serial
 * messages), reversed or over-long ranges, date-picker spans of the mode (§5 "Date picker").
 * Empty optional fields have none.
 */
export function searchProblems(fields: readonly SearchFieldRule[], values: SearchValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const problem = problemOf(field, values);
    if (problem !== null) out[fieldId(field)] = problem;
  }
  return out;
}

/** The values as they are searched: VINs trimmed and upper-cased, other identifiers and text trimmed. */
export function normalizeSearch<T extends SearchValues>(fields: readonly SearchFieldRule[], values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) {
    if ("keys" in field || field.kind === "choice" || field.kind === "codes") continue;
    const t = text(values, field.key);
    out[field.key] = field.kind === "vin" ? normalizeVin(t) : t;
  }
  return out as T;
}
