import {
  choiceFilter,
  filterCodec,
  isVin,
  type LoginLogQuery,
  loginLogQuery,
  textFilter,
  timeFilter,
} from "@tsp/domain";
import type { SearchField } from "@tsp/ui";
import * as v from "valibot";
import type { Translate } from "../../../i18n/i18n";

/**
 * The journal's query as it lives in the address (a copied link reproduces it):
 * `#/tbox/loginJournal?kind=logout&vin=…&start=…&end=…&order=asc&size=20`; times are epoch
 * milliseconds, the unit the calls take. Login and newest first are the defaults.
 */
export const journalFilters = filterCodec(
  v.object({
    kind: choiceFilter(["login", "logout"], "login"),
    vin: textFilter(17),
    start: timeFilter(),
    end: timeFilter(),
    order: choiceFilter(["desc", "asc"], "desc"),
  }),
);

export type JournalFilters = v.InferOutput<typeof journalFilters.schema>;

/** The journals' 排序 choice: newest first (the default) or oldest first. */
export const orderField = (t: Translate): SearchField => ({
  kind: "choice",
  key: "order",
  label: t("journal.order"),
  showAll: false,
  options: [
    { value: "desc", label: t("journal.order.desc") },
    { value: "asc", label: t("journal.order.asc") },
  ],
});

/** The search form: VIN (17 characters, upper-cased), the time range (近7天 offered), the order. */
export const journalFields = (t: Translate): SearchField[] => [
  { kind: "vin", key: "vin", label: t("journal.vin"), placeholder: t("journal.vinPlaceholder") },
  { kind: "dateTimeRange", keys: ["start", "end"], label: t("journal.range"), quick: true },
  orderField(t),
];

/**
 * The call's query, or null while the journal may not be asked (platform-shell.md §5: skipped
 * silently without a VIN or a range; a VIN that is not one never reaches the call).
 */
export function journalQuery(f: JournalFilters): LoginLogQuery | null {
  const range = f.start !== null && f.end !== null && f.start <= f.end ? ([f.start, f.end] as const) : null;
  return isVin(f.vin) ? loginLogQuery(f.vin, range, f.order === "desc") : null;
}
