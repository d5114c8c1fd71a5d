/**
 * T-Box故障记录 (issue 19): faults of a terminal read from what it sent — or stopped sending.
 * The rule is pure: the server gathers a terminal's observation (its newest frame, its newest
 * real-time unit, its recent check-code failures, its newest fix, its terminal alarm episodes)
 * and passes the clock in. A fault is identified by VIN, kind and start, so the same silence
 * found on every sweep is one record.
 */
export const TBOX_FAULT_KINDS = ["silence", "clockDrift", "checkCode", "gpsUnfixed", "terminalAlarm"] as const;
export type TboxFaultKind = (typeof TBOX_FAULT_KINDS)[number];

export const TBOX_FAULT_KIND_LABELS: Record<TboxFaultKind, string> = {
  silence: "长时间未上报",
  clockDrift: "终端时钟偏差",
  checkCode: "校验码反复错误",
  gpsUnfixed: "长时间未定位",
  terminalAlarm: "终端故障报警",
};

/**
 * JT/T 808 alarm bits that report a fault of the terminal itself (not of the vehicle or the
 * driver): GNSS module and antenna, power undervoltage, display, TTS, camera, IC card module.
 * 终端主电源掉电 is not here: it is read as a tamper alarm (防拆报警).
 */
export const TERMINAL_FAULT_ALARMS: readonly string[] = [
  "GNSS模块发生故障",
  "GNSS天线未接或被剪断",
  "GNSS天线短路",
  "终端主电源欠压",
  "终端LCD或显示器故障",
  "TTS模块故障",
  "摄像头故障",
  "道路运输证IC卡模块故障",
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The thresholds of the rule; the defaults are the platform's. */
export interface FaultLimits {
  /** No frame for this long is a silence… */
  readonly silenceMs: number;
  /** …when the terminal had reported within this window before (older ones are out of service, not silent). */
  readonly activeWindowMs: number;
  /** The newest real-time unit's collection time this far from its receipt. */
  readonly driftMs: number;
  /** This many check-code / structure failures… */
  readonly checkCodeCount: number;
  /** …within this window. */
  readonly checkCodeWindowMs: number;
  /** Positions without a fix for this long while reporting. */
  readonly unfixedMs: number;
}

export const DEFAULT_FAULT_LIMITS: FaultLimits = {
  silenceMs: 24 * HOUR,
  activeWindowMs: 30 * 24 * HOUR,
  driftMs: 10 * MINUTE,
  checkCodeCount: 3,
  checkCodeWindowMs: 24 * HOUR,
  unfixedMs: 6 * HOUR,
};

/** What the platform knows of one terminal now. Times are epoch ms. */
export interface TerminalObservation {
  /** Receipt of its newest frame of any kind; null when it never reported. */
  readonly lastFrameAt: number | null;
  /** Its newest real-time unit that was not re-sent: collection and receipt time. */
  readonly latestUnit: { readonly collectedAt: number; readonly receivedAt: number } | null;
  /** Receipt times of its frames that failed the check code or structure (recent ones; older are ignored). */
  readonly badFrameTimes: readonly number[];
  /** Collection time of its newest position with a fix, and of its newest position at all. */
  readonly lastFixAt: number | null;
  readonly lastPositionAt: number | null;
  /** Its alarm episodes (any names; the terminal's own faults are picked here). */
  readonly alarms: readonly { readonly name: string; readonly startedAt: number; readonly endedAt: number | null }[];
}

export interface DetectedFault {
  readonly kind: TboxFaultKind;
  readonly startedAt: number;
  /** Whether it still holds now (a silence until the next frame, an alarm until its episode ends). */
  readonly ongoing: boolean;
  /** What was seen, for a person. */
  readonly detail: string;
}

const hours = (ms: number): string => `${Math.round((ms / HOUR) * 10) / 10} 小时`;
const minutes = (ms: number): string => `${Math.round(ms / MINUTE)} 分钟`;

function silence(o: TerminalObservation, now: number, l: FaultLimits): DetectedFault[] {
  const last = o.lastFrameAt;
  if (last === null || now - last <= l.silenceMs || now - last > l.activeWindowMs) return [];
  return [{ kind: "silence", startedAt: last, ongoing: true, detail: `已 ${hours(now - last)}未收到任何报文` }];
}

function clockDrift(o: TerminalObservation, l: FaultLimits): DetectedFault[] {
  const u = o.latestUnit;
  if (u === null) return [];
  const drift = u.collectedAt - u.receivedAt;
  if (Math.abs(drift) <= l.driftMs) return [];
  const way = drift > 0 ? "快" : "慢";
  return [
    {
      kind: "clockDrift",
      startedAt: u.receivedAt,
      ongoing: true,
      detail: `终端时间比平台${way} ${minutes(Math.abs(drift))}`,
    },
  ];
}

function checkCode(o: TerminalObservation, now: number, l: FaultLimits): DetectedFault[] {
  const recent = o.badFrameTimes.filter((t) => t > now - l.checkCodeWindowMs && t <= now).toSorted((a, b) => a - b);
  const first = recent[0];
  if (first === undefined || recent.length < l.checkCodeCount) return [];
  return [
    {
      kind: "checkCode",
      startedAt: first,
      ongoing: true,
      detail: `${hours(l.checkCodeWindowMs)}内 ${recent.length} 帧校验码或结构错误`,
    },
  ];
}

function gpsUnfixed(o: TerminalObservation, l: FaultLimits): DetectedFault[] {
  const lastPos = o.lastPositionAt;
  if (lastPos === null) return [];
  const since = o.lastFixAt ?? null;
  // Never fixed at all in what we hold: count from nothing we can name, so no record.
  if (since === null || lastPos - since <= l.unfixedMs) return [];
  return [{ kind: "gpsUnfixed", startedAt: since, ongoing: true, detail: `已 ${hours(lastPos - since)}未定位` }];
}

function terminalAlarms(o: TerminalObservation): DetectedFault[] {
  return o.alarms
    .filter((a) => TERMINAL_FAULT_ALARMS.includes(a.name))
    .map((a) => ({ kind: "terminalAlarm", startedAt: a.startedAt, ongoing: a.endedAt === null, detail: a.name }));
}

/** The faults an observation shows at `now`, in kind order. */
export function detectTerminalFaults(
  o: TerminalObservation,
  now: number,
  limits: FaultLimits = DEFAULT_FAULT_LIMITS,
): DetectedFault[] {
  return [
    ...silence(o, now, limits),
    ...clockDrift(o, limits),
    ...checkCode(o, now, limits),
    ...gpsUnfixed(o, limits),
    ...terminalAlarms(o),
  ];
}
