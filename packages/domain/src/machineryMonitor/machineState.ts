/**
 * 非道路机械监控 (/notRoadMonitor): what a machine is doing now, for the map's colours, the
 * latest-state list and its filter. One rule, used by the server (filter, export) and the
 * console (colours, legend).
 */

/** The four states a machine is shown in, in the legend's order. */
export const MACHINE_STATES = ["working", "online", "alarm", "offline"] as const;
export type MachineState = (typeof MACHINE_STATES)[number];

/** Chinese names of the states (the server's export and messages). */
export const MACHINE_STATE_LABELS: Record<MachineState, string> = {
  working: "作业中",
  online: "在线",
  alarm: "报警",
  offline: "离线",
};

/**
 * A link that reported nothing for this long is taken as lost although no logout came (HJ 1322
 * terminals report at most every 30 s while the engine runs and heartbeat while it does not;
 * ten minutes leaves room for a dead zone).
 */
export const MACHINE_STALE_MS = 10 * 60_000;

/** Engine speed from which a machine counts as working rather than idling (rpm; idle is ~600–800). */
export const MACHINE_WORKING_RPM = 1000;

/** What the state is computed from: the connection, the newest report and the alarm on now. */
export interface MachineStateInput {
  readonly online: boolean;
  readonly lastReportAt: number | null;
  readonly engineRpm: number | null;
  /** The name of the alarm on now (e.g. 终端拆除报警), or null. */
  readonly alarm: string | null;
}

/**
 * A machine's state at `now`: an alarm on wins (a removed terminal matters most, and it is
 * still on when the link is gone); else offline when logged out, never reported or silent
 * longer than {@link MACHINE_STALE_MS}; else working when the engine runs above
 * {@link MACHINE_WORKING_RPM}; else online (idle).
 */
export function machineStateOf(m: MachineStateInput, now: number): MachineState {
  if (m.alarm !== null) return "alarm";
  if (!m.online || m.lastReportAt === null || now - m.lastReportAt > MACHINE_STALE_MS) return "offline";
  return m.engineRpm !== null && m.engineRpm >= MACHINE_WORKING_RPM ? "working" : "online";
}

/** How many machines are in each state (every state present, zero included). */
export function countMachineStates(states: readonly MachineState[]): Record<MachineState, number> {
  const counts: Record<MachineState, number> = { working: 0, online: 0, alarm: 0, offline: 0 };
  for (const s of states) counts[s] += 1;
  return counts;
}
