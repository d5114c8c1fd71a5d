/**
 * 转发机械管理's import (issue 19): a sheet of rows 机械PIN码 · 转发平台 (the platform's name), each
 * row added or refused with every reason — the operator fixes the failed rows and imports them
 * again. Rows are independent: the good ones are added even when others fail.
 */

/** The template's columns (header = what the sheet's first row says). */
export const FORWARD_MACHINE_IMPORT_COLUMNS = {
  pin: "机械PIN码",
  platform: "转发平台",
} as const;

/** A machine PIN (ISO 3779 characters: digits and capitals but I, O, Q). */
export const FORWARD_PIN_RE = /^[0-9A-HJ-NPR-Z]{17}$/u;

export const MSG_IMPORT_PIN_FORMAT = "机械PIN码应为17位数字或除I、O、Q以外的大写字母";
export const MSG_IMPORT_PLATFORM_EMPTY = "转发平台不能为空";
export const MSG_IMPORT_DUPLICATE = "文件中重复（同一机械和转发平台）";
export const msgImportUnknownPin = (pin: string) => `机械${pin}未在机械信息中登记`;
export const msgImportUnknownPlatform = (name: string) => `转发平台“${name}”不存在`;
export const msgImportAlreadyForwarded = (pin: string, name: string) => `机械${pin}已转发到“${name}”`;

/** One data row as read (cells trimmed by the reader; the PIN is upper-cased here). */
export interface ForwardImportRow {
  readonly row: number;
  readonly pin: string;
  readonly platform: string;
}

/** What the platform holds, looked up for the file's rows. */
export interface ForwardImportFacts {
  /** PINs of 机械信息 in the tenant. */
  readonly knownPins: ReadonlySet<string>;
  /** The tenant's platforms by name. */
  readonly platforms: ReadonlyMap<string, number>;
  /** `${platformId}:${pin}` of the pairings that exist. */
  readonly forwarded: ReadonlySet<string>;
}

export type ForwardImportOutcome =
  | { readonly row: number; readonly ok: true; readonly pin: string; readonly platformId: number }
  | { readonly row: number; readonly ok: false; readonly pin: string; readonly reasons: readonly string[] };

/** Judges every row: PIN format, platform named, both known, not twice in the file, not forwarded already. */
export function judgeForwardImport(
  rows: readonly ForwardImportRow[],
  facts: ForwardImportFacts,
): ForwardImportOutcome[] {
  const seen = new Set<string>();
  return rows.map((r) => {
    const pin = r.pin.trim().toUpperCase();
    const name = r.platform.trim();
    const reasons: string[] = [];
    const platformId = facts.platforms.get(name);
    if (!FORWARD_PIN_RE.test(pin)) reasons.push(MSG_IMPORT_PIN_FORMAT);
    else if (!facts.knownPins.has(pin)) reasons.push(msgImportUnknownPin(pin));
    if (name === "") reasons.push(MSG_IMPORT_PLATFORM_EMPTY);
    else if (platformId === undefined) reasons.push(msgImportUnknownPlatform(name));
    const key = `${name}\u0000${pin}`;
    if (seen.has(key)) reasons.push(MSG_IMPORT_DUPLICATE);
    seen.add(key);
    if (platformId !== undefined && facts.forwarded.has(`${platformId}:${pin}`))
      reasons.push(msgImportAlreadyForwarded(pin, name));
    // An unknown platform always has its reason; the second test only tells the compiler.
    if (reasons.length > 0 || platformId === undefined) return { row: r.row, ok: false as const, pin, reasons };
    return { row: r.row, ok: true as const, pin, platformId };
  });
}
