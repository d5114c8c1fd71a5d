/** Number-range inputs take at most 6 characters (platform-shell.md §5). */
export const NUMBER_RANGE_MAX_LENGTH = 6;
/** Largest value of a number-range input (§5, §9 "numeric range max 999999"). */
export const NUMBER_RANGE_MAX = 999999;
/** Designed message when the lower bound is above the upper (the spec quotes none). */
export const MSG_RANGE_ORDER = "最小值不能大于最大值";

/**
 * What a number-range input holds after typing (§5 "max length 6, values 0 to 999999, parsed
 * as numbers"): non-digits are dropped, the text cut to 6 characters, the rest parsed;
 * nothing left → null. Six digits can never exceed 999999, so no value is out of range.
 */
export function parseNumberRangeInput(text: string): number | null {
  const digits = text.replace(/\D/g, "").slice(0, NUMBER_RANGE_MAX_LENGTH);
  return digits === "" ? null : Number(digits);
}

/** The problem of a range [min, max] of parsed inputs, or null (either side may be empty). */
export function numberRangeProblem(min: number | null, max: number | null): string | null {
  return min !== null && max !== null && min > max ? MSG_RANGE_ORDER : null;
}
