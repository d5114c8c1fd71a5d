/**
 * 防拆报警 (issue 19): what the standards really carry. HJ 1239.3 (and HJ 1322's terminals, whose
 * protocol reuses its frames) has a command of its own, 0x06 防拆报警 (time, serial, the position
 * where the terminal was removed) — `removed`. JT/T 808 has no removal bit; bit 8 终端主电源掉电
 * is what a terminal cut from the vehicle's power reports — `powerOff` (its episodes are the
 * gateway's alarm store's). GB/T 32960 carries neither.
 *
 * A `removed` episode starts at the first removal report of a VIN and lasts while more come; it
 * ends at the first real-time report received after the last removal report (the terminal is
 * back in place and reporting). The fold is pure: the server passes the open episodes and the new
 * events in, and writes the changes out.
 */
export const TAMPER_KINDS = ["removed", "powerOff"] as const;
export type TamperKind = (typeof TAMPER_KINDS)[number];

export const TAMPER_KIND_LABELS: Record<TamperKind, string> = {
  removed: "终端拆除",
  powerOff: "终端主电源掉电",
};

/** The level of each kind (1–3 like GB/T 32960's): a removal defeats supervision, a power cut may be a battery swap. */
export const TAMPER_LEVELS: Record<TamperKind, 1 | 2 | 3> = { removed: 3, powerOff: 2 };

/** The JT/T 808 alarm name read as `powerOff`. */
export const POWER_OFF_ALARM = "终端主电源掉电";

export interface OpenTamper {
  readonly vin: string;
  readonly startedAt: number;
  readonly lastAt: number;
}

/** A removal report, or any real-time report, of a VIN at a receipt time. */
export interface TamperEvent {
  readonly vin: string;
  readonly at: number;
  readonly kind: "removed" | "report";
}

export type TamperChange =
  | { readonly type: "open"; readonly vin: string; readonly at: number }
  | { readonly type: "repeat"; readonly vin: string; readonly at: number }
  | { readonly type: "end"; readonly vin: string; readonly at: number };

/** The changes the events make to the open episodes (events in time order; a report at a removal's instant does not end it). */
export function foldTamperEvents(
  open: ReadonlyMap<string, OpenTamper>,
  events: readonly TamperEvent[],
): TamperChange[] {
  const state = new Map(open);
  const out: TamperChange[] = [];
  const rank = (e: TamperEvent): number => (e.kind === "removed" ? 0 : 1);
  const sorted = events.toSorted((a, b) => a.at - b.at || rank(a) - rank(b));
  for (const e of sorted) {
    const o = state.get(e.vin);
    if (e.kind === "removed") {
      out.push({ type: o ? "repeat" : "open", vin: e.vin, at: e.at });
      state.set(e.vin, { vin: e.vin, startedAt: o?.startedAt ?? e.at, lastAt: e.at });
    } else if (o && e.at > o.lastAt) {
      out.push({ type: "end", vin: e.vin, at: e.at });
      state.delete(e.vin);
    }
  }
  return out;
}
