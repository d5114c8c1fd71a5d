import { iccidProblem } from "../identifiers/iccid";
import { msisdnProblem } from "../identifiers/msisdn";
import { MSG_ENTER_VIN, vinProblem } from "../identifiers/vin";

/** A time range as two timestamps (platform-shell.md §3 "Date-range value: two timestamps"). */
export type TimeRange = readonly [number, number];

/** The default search panel's values (platform-shell.md §3 "Search form"). */
export interface SearchFormValues {
  /** Brand / series / model ids chosen in the brand tree. */
  readonly codes: readonly string[];
  readonly vin: string;
  readonly iccid: string;
  readonly msisdn: string;
  readonly time: TimeRange | null;
  /** true: newest first. */
  readonly reportTimeDesc: boolean;
}

/** How a screen configures its search panel. */
export interface SearchFormOptions {
  /** VIN required ("only when the form is told so"). */
  readonly vinRequired: boolean;
  /** The report-time range is shown. */
  readonly timeShown: boolean;
  /** The time range is required (only meaningful when shown). */
  readonly timeRequired: boolean;
  /** Label of the time range, used in 请选择{label}. */
  readonly timeLabel: string;
}

/** Empty search values: newest first, as the sort options list it first (§9). */
export const EMPTY_SEARCH: SearchFormValues = {
  codes: [],
  vin: "",
  iccid: "",
  msisdn: "",
  time: null,
  reportTimeDesc: true,
};

/** Message of a missing required time range: 请选择 plus the label (§5). */
export function msgChoose(label: string): string {
  return `请选择${label}`;
}

/** Field → message of every problem of the form; empty when it may be searched. */
export type SearchFormErrors = Partial<Record<"vin" | "iccid" | "msisdn" | "time", string>>;

/**
 * Validates the search form (platform-shell.md §5, business-areas.md §5): a VIN required only
 * when the form says so (请输入VIN), and when given it must be a VIN; ICCID and MSISDN
 * optional, checked when given; the time range required when shown and required (请选择 +
 * label).
 */
export function validateSearchForm(values: SearchFormValues, options: SearchFormOptions): SearchFormErrors {
  const errors: SearchFormErrors = {};
  const vin = values.vin.trim();
  if (vin === "") {
    if (options.vinRequired) errors.vin = MSG_ENTER_VIN;
  } else {
    const problem = vinProblem(vin);
    if (problem !== null) errors.vin = problem;
  }
  const iccid = values.iccid.trim();
  const iccidError = iccid === "" ? null : iccidProblem(iccid);
  if (iccidError !== null) errors.iccid = iccidError;
  const msisdn = values.msisdn.trim();
  const msisdnError = msisdn === "" ? null : msisdnProblem(msisdn);
  if (msisdnError !== null) errors.msisdn = msisdnError;
  if (options.timeShown && options.timeRequired && values.time === null) errors.time = msgChoose(options.timeLabel);
  return errors;
}

/**
 * The search button is disabled while a required VIN is missing, or the time range is shown,
 * required and missing (§5 "disabled when a required VIN (and the time range, if shown) is
 * missing"). A VIN that is present but malformed does not disable it: the search then shows
 * the message of {@link validateSearchForm}.
 */
export function isSearchDisabled(values: SearchFormValues, options: SearchFormOptions): boolean {
  if (options.vinRequired && values.vin.trim() === "") return true;
  return options.timeShown && options.timeRequired && values.time === null;
}

/** The collapsible search panel collapses at this many items or more (§2). */
export const SEARCH_PANEL_COLLAPSE_AT = 6;

/** True when a search panel of `itemCount` items starts collapsible (§2 "6 or more items"). */
export function isSearchPanelCollapsible(itemCount: number): boolean {
  return itemCount >= SEARCH_PANEL_COLLAPSE_AT;
}
