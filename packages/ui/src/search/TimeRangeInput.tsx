import type { TimeRange } from "@tsp/domain";
import { inputClass, labelClass } from "../theme/classes";

const pad = (n: number) => String(n).padStart(2, "0");
const toLocal = (ts: number) => {
  const d = new Date(ts);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
const fromLocal = (v: string) => {
  const t = new Date(v).getTime();
  return Number.isFinite(t) ? t : null;
};

/**
 * A report-time range to the second (spec §3: "time (range as timestamps)") on two native
 * datetime inputs; the range only counts once both ends are set. A new start without an end
 * defaults the end to 23:59:59 of that day (spec §5 default times).
 */
export function TimeRangeInput({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: TimeRange | null;
  onChange: (range: TimeRange | null) => void;
  invalid?: boolean;
}) {
  const set = (side: 0 | 1, v: string) => {
    const t = fromLocal(v);
    if (t === null) return onChange(null);
    if (side === 0) {
      const end = value?.[1] ?? new Date(new Date(t).setHours(23, 59, 59, 0)).getTime();
      onChange([t, end]);
    } else {
      const start = value?.[0] ?? new Date(new Date(t).setHours(0, 0, 0, 0)).getTime();
      onChange([start, t]);
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-1">
      <input
        type="datetime-local"
        step={1}
        aria-label={`${label}开始`}
        aria-invalid={invalid || undefined}
        className={inputClass("w-[11.5rem]", invalid)}
        value={value ? toLocal(value[0]) : ""}
        onChange={(e) => set(0, e.target.value)}
      />
      <span className={labelClass}>至</span>
      <input
        type="datetime-local"
        step={1}
        aria-label={`${label}结束`}
        aria-invalid={invalid || undefined}
        className={inputClass("w-[11.5rem]", invalid)}
        value={value ? toLocal(value[1]) : ""}
        onChange={(e) => set(1, e.target.value)}
      />
    </span>
  );
}
