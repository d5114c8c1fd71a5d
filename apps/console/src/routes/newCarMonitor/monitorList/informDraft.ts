import * as d from "@tsp/domain";
import type { MonitorInform, MonitorInformEdit } from "../../../api/types";

/** The notification form as typed: numbers and contacts as text until checked. */
export interface InformDraft {
  enabled: boolean;
  events: readonly d.MonitorEvent[];
  channels: readonly d.MonitorChannel[];
  receivers: readonly { name: string; mobile: string; email: string }[];
  offlineHours: string;
  alarmLevelMin: string;
  noLoginDays: string;
}

/** The form of a saved (or default) setting. */
export function draftOf(s: MonitorInform): InformDraft {
  return {
    enabled: s.enabled,
    events: s.events,
    channels: s.channels,
    receivers: s.receivers.map((r) => ({ name: r.name, mobile: r.mobile ?? "", email: r.email ?? "" })),
    offlineHours: String(s.offlineHours),
    alarmLevelMin: String(s.alarmLevelMin),
    noLoginDays: String(s.noLoginDays),
  };
}

const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const textOrNull = (text: string) => (text.trim() === "" ? null : text.trim());

/**
 * Checks a draft with the domain's rules (the server applies the same): the schema field by
 * field, then the fields together. Answers the setting to send, or the messages by field
 * (`receivers.<i>.mobile` for a receiver's).
 */
export function checkInform(
  draft: InformDraft,
): { ok: true; value: MonitorInformEdit } | { ok: false; errors: Record<string, string> } {
  const candidate = {
    enabled: draft.enabled,
    events: d.MONITOR_EVENTS.filter((e) => draft.events.includes(e)),
    channels: d.MONITOR_CHANNELS.filter((c) => draft.channels.includes(c)),
    receivers: draft.receivers.map((r) => ({
      name: r.name.trim(),
      mobile: textOrNull(r.mobile),
      email: textOrNull(r.email),
    })),
    offlineHours: numberOf(draft.offlineHours),
    alarmLevelMin: numberOf(draft.alarmLevelMin),
    noLoginDays: numberOf(draft.noLoginDays),
  };
  const checked = d.checkRecord(d.MonitorInformEditSchema, candidate);
  if (!checked.ok) return { ok: false, errors: { ...checked.errors } };
  const problems = d.monitorInformProblems(checked.value);
  if (problems.length === 0) return { ok: true, value: checked.value };
  const errors: Record<string, string> = {};
  for (const p of problems) errors[p.field] ??= p.msg;
  return { ok: false, errors };
}
