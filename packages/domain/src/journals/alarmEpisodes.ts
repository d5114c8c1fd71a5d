import type { FrameProtocol } from "../frames/positions";

/** An alarm a vehicle has on: started, not yet ended. */
export interface OpenAlarm {
  readonly vin: string;
  readonly protocol: FrameProtocol;
  /** The standard's name (通用报警标志 / JT/T 808 报警标志). */
  readonly name: string;
}

/** What one real-time report says of a vehicle's alarms. */
export interface AlarmReport<R> {
  readonly vin: string;
  readonly protocol: FrameProtocol;
  readonly collectedAt: number;
  /** Re-sent data arrives late: it neither starts nor ends an alarm. */
  readonly resent: boolean;
  readonly alarms: readonly string[];
  /** 最高报警等级 when the report carried one (GB/T 32960), else null. */
  readonly level: number | null;
  /** Whatever the caller needs back (the frame it came from). */
  readonly ref: R;
}

/** A start or an end of an alarm, at the report's collection time. */
export type AlarmChange<R> =
  | {
      readonly kind: "start";
      readonly alarm: OpenAlarm;
      readonly level: number | null;
      readonly at: number;
      readonly ref: R;
    }
  | { readonly kind: "end"; readonly alarm: OpenAlarm; readonly at: number; readonly ref: R };

const keyOf = (a: OpenAlarm) => `${a.vin}|${a.protocol}|${a.name}`;

/**
 * The alarm episodes' changes from reports in arrival order (issue 16 "alarms (level, flags,
 * start/end)"): an alarm starts at the first report carrying it and ends at the first report
 * of the same vehicle and standard without it. `open` is what was on before these reports.
 * Re-sent reports are skipped: they describe the past, not the vehicle now.
 */
export function alarmChanges<R>(open: readonly OpenAlarm[], reports: readonly AlarmReport<R>[]): AlarmChange<R>[] {
  const on = new Map(open.map((a) => [keyOf(a), a]));
  const changes: AlarmChange<R>[] = [];
  for (const r of reports) {
    if (r.resent) continue;
    const now = new Set(r.alarms);
    for (const [key, alarm] of on) {
      if (alarm.vin === r.vin && alarm.protocol === r.protocol && !now.has(alarm.name)) {
        changes.push({ kind: "end", alarm, at: r.collectedAt, ref: r.ref });
        on.delete(key);
      }
    }
    for (const name of now) {
      const alarm = { vin: r.vin, protocol: r.protocol, name };
      if (on.has(keyOf(alarm))) continue;
      on.set(keyOf(alarm), alarm);
      changes.push({ kind: "start", alarm, level: r.level, at: r.collectedAt, ref: r.ref });
    }
  }
  return changes;
}

/** How long an episode lasted: 1小时2分3秒, 0秒, or 持续中 while it is on. */
export function episodeDuration(startedAt: number, endedAt: number | null): string {
  if (endedAt === null) return "持续中";
  const s = Math.max(0, Math.round((endedAt - startedAt) / 1000));
  const parts = [
    [Math.floor(s / 3600), "小时"],
    [Math.floor((s % 3600) / 60), "分"],
    [s % 60, "秒"],
  ] as const;
  return (
    parts
      .filter(([n]) => n > 0)
      .map(([n, unit]) => `${n}${unit}`)
      .join("") || "0秒"
  );
}
