import { NUMBER_RANGE_MAX_LENGTH, numberRangeProblem, parseNumberRangeInput } from "@tsp/domain";
import { useId } from "react";
import { inputClass, labelClass } from "../theme/classes";

/** A number range; either side may be empty. */
export type NumberRange = [min: number | null, max: number | null];

/**
 * Number-range input (spec §5): two boxes of at most 6 digits, 0–999999, parsed as numbers by
 * the domain rule (other characters are dropped as they are typed); a lower bound above the
 * upper one shows the domain's message.
 */
export function NumberRangeInput({
  label,
  value,
  onChange,
  unit,
}: {
  label: string;
  value: NumberRange;
  onChange: (range: NumberRange) => void;
  unit?: string;
}) {
  const id = useId();
  const problem = numberRangeProblem(value[0], value[1]);
  const box = (side: 0 | 1) => (
    <input
      type="text"
      inputMode="numeric"
      maxLength={NUMBER_RANGE_MAX_LENGTH}
      aria-label={`${label}${side === 0 ? "最小值" : "最大值"}`}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? `${id}-problem` : undefined}
      placeholder={side === 0 ? "最小值" : "最大值"}
      className={inputClass("w-24", !!problem)}
      value={value[side] ?? ""}
      onChange={(e) => {
        const n = parseNumberRangeInput(e.target.value);
        onChange(side === 0 ? [n, value[1]] : [value[0], n]);
      }}
    />
  );
  return (
    <span className="inline-flex flex-col gap-1">
      <span className="inline-flex items-center gap-2">
        {box(0)}
        <span className={labelClass}>-</span>
        {box(1)}
        {unit && <span className={labelClass}>{unit}</span>}
      </span>
      {problem && (
        <span id={`${id}-problem`} role="alert" className="text-xs text-red-600">
          {problem}
        </span>
      )}
    </span>
  );
}
