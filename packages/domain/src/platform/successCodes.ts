/**
 * Response codes that count as success (platform-shell.md §8, business-areas.md §8):
 * 200, 0, "000000", 602602, 602601, 617014, or no code at all.
 */
export const SUCCESS_CODES: ReadonlySet<string> = new Set(["200", "0", "000000", "602602", "602601", "617014"]);

/** True when an envelope's `code` means success; an absent code is success too. */
export function isSuccessCode(code: string | number | null | undefined): boolean {
  if (code === undefined || code === null || code === "") return true;
  return SUCCESS_CODES.has(String(code));
}
