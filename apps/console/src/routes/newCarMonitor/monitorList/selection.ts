import type { MonitorEntry } from "../../../api/types";

/** An entry is a VIN under one kind of watch: the same VIN may be listed once per kind. */
export const entryKey = (row: Pick<MonitorEntry, "vin" | "type">) => `${row.vin}:${row.type}`;

/** A kind of watch from its text in the address or a select. */
export const typeOf = (value: string): MonitorEntry["type"] => (value === "3" ? 3 : value === "2" ? 2 : 1);

/** Entries grouped by kind of watch: the delete call takes VINs and ONE type. */
export function byType(entries: readonly Pick<MonitorEntry, "vin" | "type">[]): Map<MonitorEntry["type"], string[]> {
  const out = new Map<MonitorEntry["type"], string[]>();
  for (const e of entries) out.set(e.type, [...(out.get(e.type) ?? []), e.vin]);
  return out;
}
