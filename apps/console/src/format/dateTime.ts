import { format } from "date-fns";

/**
 * Date and time as operators read them in China: `yyyy-MM-dd HH:mm:ss` in the browser's zone
 * (the spec's "login time (formatted date)"). Empty for a missing or invalid value.
 */
export function formatDateTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : format(date, "yyyy-MM-dd HH:mm:ss");
}

/** A byte count as B / KB / MB with one decimal (export file sizes). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
