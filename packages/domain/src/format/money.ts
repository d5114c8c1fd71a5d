/**
 * The money filter (platform-shell.md §9, business-areas.md §9 "Money filter divides by 100
 * with 2 decimals"): an amount in fen (cents) as yuan text with exactly two decimals. Worked in
 * whole fen so 1005 gives "10.05" (floating-point toFixed would not be trusted there); a
 * fraction of a fen rounds half away from zero. Empty, non-numeric or non-finite input gives
 * "" — a table cell then shows nothing rather than "NaN".
 */
export function formatMoney(fen: number | string | null | undefined): string {
  if (fen === null || fen === undefined || fen === "") return "";
  const n = Number(fen);
  if (!Number.isFinite(n)) return "";
  const whole = Math.round(Math.abs(n));
  const sign = n < 0 && whole > 0 ? "-" : "";
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
