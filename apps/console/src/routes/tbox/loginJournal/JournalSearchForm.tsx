import {
  defaultDateRange,
  type LoginLogQuery,
  loginLogQuery,
  MSG_RANGE_REVERSED,
  normalizeVin,
  type TimeRange,
  VIN_LENGTH,
  vinProblem,
} from "@tsp/domain";
import type { PermittedOperation } from "@tsp/sdk";
import { buttonClass, inputClass, useToast } from "@tsp/ui";
import { useId, useState } from "react";
import { exportJournal } from "../../../api/tbox";
import { useT } from "../../../i18n/i18n";
import { Permitted } from "../../../permission/Permitted";
import { fromDatetimeLocal, toDatetimeLocal } from "./datetimeLocal";
import { isRunnable, type JournalAddress } from "./journalAddress";

/**
 * The journal's search form: VIN (at most 17 characters), the time range, the order, and the
 * buttons 查询 / 重置 / 导出. Spec §5: query and export are silently skipped without a VIN or a
 * range; a VIN that is present but not valid gets the domain's message and nothing is sent.
 * Export stays disabled until the form holds a runnable query (spec §4) and is absent without
 * the permission (spec §2).
 */
export function JournalSearchForm({
  address,
  exportOp,
  onQuery,
}: {
  address: JournalAddress;
  exportOp: PermittedOperation;
  onQuery: (next: JournalAddress) => void;
}) {
  const t = useT();
  const toast = useToast();
  const id = useId();
  const [draft, setDraft] = useState(address);
  const [vinError, setVinError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const runnable = isRunnable(draft) && vinProblem(draft.vin) === null;
  const reversed = draft.start !== null && draft.end !== null && draft.start > draft.end;

  /** The draft when it may be sent; null (silently, or with the VIN message) otherwise. */
  /** The call's query (the domain skips it silently without VIN or range); a bad VIN gets its message. */
  const checked = (): LoginLogQuery | null => {
    const range: TimeRange | null = draft.start !== null && draft.end !== null ? [draft.start, draft.end] : null;
    const query = loginLogQuery(draft.vin, range, draft.desc);
    if (query === null || reversed) return null;
    const problem = vinProblem(query.vin);
    setVinError(problem);
    return problem === null ? query : null;
  };
  const submitQuery = () => {
    if (checked()) onQuery(draft);
  };
  const submitExport = async () => {
    const query = checked();
    if (!query || exporting) return;
    setExporting(true);
    try {
      await exportJournal(draft.kind, query);
      toast.success(t("common.exportSubmitted"));
    } catch {
      // The shell toasted the failure (spec §8).
    } finally {
      setExporting(false);
    }
  };

  return (
    <form
      aria-label={t("common.query")}
      className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-md bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        submitQuery();
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-vin`} className="text-sm text-gray-600">
          {t("journal.vin")}
        </label>
        <input
          id={`${id}-vin`}
          className={inputClass("w-56 font-mono uppercase", vinError !== null)}
          value={draft.vin}
          maxLength={VIN_LENGTH}
          placeholder={t("journal.vinPlaceholder")}
          aria-invalid={vinError !== null}
          aria-describedby={`${id}-vin-msg`}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setVinError(null);
            setDraft({ ...draft, vin: normalizeVin(e.target.value).slice(0, VIN_LENGTH) });
          }}
        />
        <span id={`${id}-vin-msg`} role={vinError ? "alert" : undefined} className="h-4 text-xs text-red-600">
          {vinError ?? ""}
        </span>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm text-gray-600">{t("journal.range")}</legend>
        <div className="flex items-center gap-2">
          <input
            type="datetime-local"
            step={1}
            aria-label={t("journal.start")}
            className={inputClass("w-52")}
            value={toDatetimeLocal(draft.start)}
            max={toDatetimeLocal(draft.end) || undefined}
            onChange={(e) => setDraft({ ...draft, start: fromDatetimeLocal(e.target.value) })}
          />
          <span className="text-gray-400">—</span>
          <input
            type="datetime-local"
            step={1}
            aria-label={t("journal.end")}
            className={inputClass("w-52")}
            value={toDatetimeLocal(draft.end)}
            min={toDatetimeLocal(draft.start) || undefined}
            onChange={(e) => setDraft({ ...draft, end: fromDatetimeLocal(e.target.value) })}
          />
          <button
            type="button"
            className={buttonClass("link", "text-xs")}
            onClick={() => {
              // Spec §5 day-mode default: the 7 days ending today, 00:00:00 to 23:59:59.
              const [start, end] = defaultDateRange("day", Date.now());
              setDraft({ ...draft, start, end });
            }}
          >
            {t("journal.last7Days")}
          </button>
        </div>
        {reversed ? (
          <span role="alert" className="h-4 text-xs text-red-600">
            {MSG_RANGE_REVERSED}
          </span>
        ) : (
          <span className="h-4 text-xs text-gray-400">{t("journal.rangeHint")}</span>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-order`} className="text-sm text-gray-600">
          {t("journal.order")}
        </label>
        <select
          id={`${id}-order`}
          className={inputClass("w-36")}
          value={draft.desc ? "desc" : "asc"}
          onChange={(e) => setDraft({ ...draft, desc: e.target.value === "desc" })}
        >
          <option value="desc">{t("journal.order.desc")}</option>
          <option value="asc">{t("journal.order.asc")}</option>
        </select>
        <span className="h-4" />
      </div>
      <div className="mb-5 flex gap-2">
        <button type="submit" className={buttonClass("primary")}>
          {t("common.query")}
        </button>
        <button
          type="button"
          className={buttonClass("default")}
          onClick={() => {
            setVinError(null);
            setDraft({ ...draft, vin: "", start: null, end: null, desc: true });
          }}
        >
          {t("common.reset")}
        </button>
        <Permitted op={exportOp}>
          <button
            type="button"
            className={buttonClass("default")}
            disabled={!runnable || exporting}
            onClick={() => void submitExport()}
          >
            {t("common.export")}
          </button>
        </Permitted>
      </div>
    </form>
  );
}
