import { format, parse } from "date-fns";

const FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

/** Epoch ms → the value of an `<input type="datetime-local" step="1">` in the browser's zone. */
export function toDatetimeLocal(ms: number | null): string {
  return ms === null ? "" : format(new Date(ms), FORMAT);
}

/** The value of a datetime-local input (with or without seconds) → epoch ms, or null when empty or invalid. */
export function fromDatetimeLocal(value: string): number | null {
  if (!value) return null;
  const withSeconds = value.length === 16 ? `${value}:00` : value;
  const date = parse(withSeconds, FORMAT, new Date(0));
  return Number.isNaN(date.getTime()) ? null : date.getTime();
}
