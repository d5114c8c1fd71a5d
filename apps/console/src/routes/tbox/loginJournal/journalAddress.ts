import type { JournalKind } from "../../../api/tbox";

/**
 * The journal's query as it lives in the address (issue 6: "a copied link reproduces the
 * query"): `#/tbox/loginJournal?kind=logout&vin=…&start=…&end=…&order=asc&size=20`.
 * Times are epoch milliseconds — exact in every time zone and the unit the calls take.
 */
export interface JournalAddress {
  kind: JournalKind;
  vin: string;
  start: number | null;
  end: number | null;
  /** reportTimeDesc: newest first unless `order=asc`. */
  desc: boolean;
  /** Page size from the address, or null to use the remembered one. */
  size: number | null;
}

const SIZES = [10, 20, 50, 100];

function time(value: string | null): number | null {
  if (value === null || value === "" || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** Reads the query of the address; anything unreadable is left empty rather than guessed. */
export function parseJournalAddress(search: string): JournalAddress {
  const p = new URLSearchParams(search);
  const size = Number(p.get("size"));
  return {
    kind: p.get("kind") === "logout" ? "logout" : "login",
    vin: (p.get("vin") ?? "").trim().toUpperCase().slice(0, 17),
    start: time(p.get("start")),
    end: time(p.get("end")),
    desc: p.get("order") !== "asc",
    size: SIZES.includes(size) ? size : null,
  };
}

/** Writes the query for the address; defaults (login, newest first) are left out to keep links short. */
export function formatJournalAddress(a: JournalAddress): string {
  const p = new URLSearchParams();
  if (a.kind === "logout") p.set("kind", "logout");
  if (a.vin) p.set("vin", a.vin);
  if (a.start !== null) p.set("start", String(a.start));
  if (a.end !== null) p.set("end", String(a.end));
  if (!a.desc) p.set("order", "asc");
  if (a.size !== null) p.set("size", String(a.size));
  return p.toString();
}

/**
 * Whether the address holds a query to run. Spec §5: the query is silently skipped when the
 * VIN is empty or no time range is chosen; a VIN that is not 17 characters cannot match a
 * vehicle and is stopped by the form with a message before it reaches the address.
 */
export function isRunnable(a: JournalAddress): a is JournalAddress & { start: number; end: number } {
  return a.vin.length === 17 && a.start !== null && a.end !== null && a.start <= a.end;
}
