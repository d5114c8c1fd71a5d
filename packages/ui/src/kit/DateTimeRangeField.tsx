import {
  DATE_TIME_PATTERN,
  defaultDateRange,
  formatDateTimeText,
  MSG_DATE_TIME_FORMAT,
  parseDateTimeText,
} from "@tsp/domain";
import { useState } from "react";
import { buttonClass, inputClass, labelClass } from "../theme/classes";
import { useUiText } from "./uiText";

/** Props of {@link DateTimeRangeField}. */
export interface DateTimeRangeFieldProps {
  label: string;
  start: number | null;
  end: number | null;
  onChange: (start: number | null, end: number | null) => void;
  /** Reports text that is not a date-time (the form blocks its search meanwhile). */
  onTextProblem: (problem: string | null) => void;
  invalid?: boolean;
  describedBy?: string;
  /** Offer 近7天 (the spec's day-mode default: the 7 days ending today, 00:00:00 to 23:59:59). */
  quick?: boolean;
  now?: () => number;
}

type Side = 0 | 1;

/**
 * A date-time range typed as `yyyy-MM-dd HH:mm:ss` (issue 13: not the browser's locale
 * format, which differs per machine and cannot show seconds everywhere). Each end is a text
 * box; what does not parse is reported, never guessed. Values are epoch milliseconds.
 */
export function DateTimeRangeField({
  label,
  start,
  end,
  onChange,
  onTextProblem,
  invalid,
  describedBy,
  quick,
  now = Date.now,
}: DateTimeRangeFieldProps) {
  const text = useUiText();
  const values: [number | null, number | null] = [start, end];
  // What is being typed, per end, while it is not (yet) the value's text.
  const [typed, setTyped] = useState<[string | null, string | null]>([null, null]);
  const shown = (side: Side) => typed[side] ?? formatDateTimeText(values[side]);

  const type = (side: Side, input: string) => {
    const nextTyped: [string | null, string | null] = [...typed];
    nextTyped[side] = input;
    const parsed = parseDateTimeText(input);
    const empty = input.trim() === "";
    const next: [number | null, number | null] = [...values];
    next[side] = empty ? null : parsed;
    if (parsed !== null || empty) nextTyped[side] = null;
    setTyped(nextTyped);
    const bad = nextTyped.some((t) => t !== null && parseDateTimeText(t) === null);
    onTextProblem(bad ? MSG_DATE_TIME_FORMAT : null);
    if (parsed !== null || empty) onChange(next[0], next[1]);
  };

  const box = (side: Side) => (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      aria-label={`${label} ${side === 0 ? text.start : text.end}`}
      aria-invalid={invalid || (typed[side] !== null && parseDateTimeText(typed[side] ?? "") === null) || undefined}
      aria-describedby={describedBy}
      placeholder={DATE_TIME_PATTERN}
      maxLength={19}
      className={inputClass("w-[11.75rem] font-mono", invalid)}
      value={shown(side)}
      onChange={(e) => type(side, e.target.value)}
    />
  );

  return (
    <span className="flex flex-wrap items-center gap-1">
      {box(0)}
      <span className={labelClass}>{text.to}</span>
      {box(1)}
      {quick && (
        <button
          type="button"
          className={buttonClass("link", "text-xs")}
          onClick={() => {
            const [s, e] = defaultDateRange("day", now());
            setTyped([null, null]);
            onTextProblem(null);
            onChange(s, e);
          }}
        >
          {text.last7Days}
        </button>
      )}
    </span>
  );
}
