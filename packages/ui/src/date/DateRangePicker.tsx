import {
  DAY_MAX_DEFAULT,
  type DateRange,
  type DateRangeMode,
  dateRangeProblem,
  defaultDateRange,
  withDefaultTimes,
} from "@tsp/domain";
import { clsx } from "clsx";
import { useId, useState } from "react";
import { inputClass, labelClass } from "../theme/classes";
import {
  fromDateInput,
  fromMonthInput,
  fromWeekInput,
  lastDayOfMonthInput,
  sundayOfWeekInput,
  toDateInput,
  toMonthInput,
  toWeekInput,
} from "./calendar";

const MODE_TEXT: Record<DateRangeMode, string> = { day: "按日", week: "按周", month: "按月" };
const INPUT_TYPE: Record<DateRangeMode, "date" | "week" | "month"> = { day: "date", week: "week", month: "month" };

function toInputs(mode: DateRangeMode, r: DateRange): [string, string] {
  if (mode === "week") return [toWeekInput(r[0]), toWeekInput(r[1])];
  if (mode === "month") return [toMonthInput(r[0]), toMonthInput(r[1])];
  return [toDateInput(r[0]), toDateInput(r[1])];
}

function fromInputs(mode: DateRangeMode, [a, b]: [string, string]): DateRange | null {
  const start = mode === "week" ? fromWeekInput(a) : mode === "month" ? fromMonthInput(a) : fromDateInput(a);
  const end = mode === "week" ? sundayOfWeekInput(b) : mode === "month" ? lastDayOfMonthInput(b) : fromDateInput(b);
  return start === null || end === null ? null : [start, end];
}

/** Props of {@link DateRangePicker}. */
export interface DateRangePickerProps {
  label: string;
  /** Modes offered; the first is the starting mode. */
  modes?: readonly DateRangeMode[];
  /** The chosen range (timestamps, 00:00:00 to 23:59:59), or null for the mode's default. */
  value: DateRange | null;
  /** Called with a valid range only; an invalid choice shows its message and changes nothing. */
  onChange: (range: DateRange, mode: DateRangeMode) => void;
  /** Day mode's largest span (default 31). */
  dayMax?: number;
  /** "Now" for the defaults (tests pass a fixed clock). */
  now?: () => number;
}

/**
 * Date-range picker with day / week / month modes on the browser's own date, week and month
 * inputs (keyboard and screen-reader support come with them). The domain decides the spans
 * (7–dayMax days; Monday–Sunday weeks spanning 28–168 days; 6–12 months), the defaults (last
 * 7 days, 4 weeks, 6 months) and the times (00:00:00 to 23:59:59).
 */
export function DateRangePicker({
  label,
  modes = ["day", "week", "month"],
  value,
  onChange,
  dayMax = DAY_MAX_DEFAULT,
  now = Date.now,
}: DateRangePickerProps) {
  const id = useId();
  const [mode, setMode] = useState<DateRangeMode>(modes[0] ?? "day");
  const range = value ?? defaultDateRange(mode, now());
  const [draft, setDraft] = useState<{ key: string; inputs: [string, string] } | null>(null);
  const key = `${mode}:${range[0]}:${range[1]}`;
  const inputs = draft?.key === key ? draft.inputs : toInputs(mode, range);
  const [problem, setProblem] = useState<string | null>(null);

  const commit = (next: [string, string]) => {
    setDraft({ key, inputs: next });
    const r = fromInputs(mode, next);
    if (!r) return;
    const p = dateRangeProblem(mode, r, dayMax);
    setProblem(p);
    if (!p) onChange(withDefaultTimes(r), mode);
  };

  const switchMode = (m: DateRangeMode) => {
    setMode(m);
    setDraft(null);
    setProblem(null);
    onChange(defaultDateRange(m, now()), m);
  };

  return (
    <fieldset className="flex flex-col gap-1 text-sm" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap items-center gap-2">
        {modes.length > 1 && (
          <div role="radiogroup" aria-label={`${label}粒度`} className="inline-flex rounded border border-gray-300">
            {modes.map((m) => (
              // biome-ignore lint/a11y/useSemanticElements: a segmented control styled as buttons
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={mode === m}
                className={clsx(
                  "h-8 px-3 first:rounded-l last:rounded-r focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40",
                  mode === m ? "bg-blue-600 text-white" : "bg-white text-gray-600 hover:text-blue-600",
                )}
                onClick={() => switchMode(m)}
              >
                {MODE_TEXT[m]}
              </button>
            ))}
          </div>
        )}
        <input
          type={INPUT_TYPE[mode]}
          aria-label={`${label}开始`}
          className={inputClass("w-40", !!problem)}
          value={inputs[0]}
          onChange={(e) => commit([e.target.value, inputs[1]])}
        />
        <span className={labelClass}>至</span>
        <input
          type={INPUT_TYPE[mode]}
          aria-label={`${label}结束`}
          className={inputClass("w-40", !!problem)}
          value={inputs[1]}
          onChange={(e) => commit([inputs[0], e.target.value])}
        />
      </div>
      {problem && (
        <span id={`${id}-problem`} role="alert" className="text-xs text-red-600">
          {problem}
        </span>
      )}
    </fieldset>
  );
}
