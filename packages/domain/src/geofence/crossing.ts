import { CHINA_UTC_OFFSET_MS as CHINA_OFFSET } from "../dates/chinaTime";
import { insideGeofence } from "./containment";
import type { Geofence } from "./geofence";

/** What a fence alarms on: 进入报警, 离开报警 or both. */
export type FenceRule = "enter" | "exit" | "both";
export const FENCE_RULES: readonly FenceRule[] = ["enter", "exit", "both"];

/** A daily window in minutes of the day, China time (UTC+8); start > end wraps past midnight. */
export interface FenceWindow {
  readonly start: number;
  readonly end: number;
}

/** A fence as the watcher needs it. */
export interface FenceWatch {
  readonly shape: Geofence;
  readonly rule: FenceRule;
  /** Alarms only inside this daily window; null = all day. Events are recorded whatever the window. */
  readonly window: FenceWindow | null;
  /** km/h; above it inside the fence is 围栏内超速. Null = no limit. */
  readonly speedLimit: number | null;
}

/** What is remembered per (fence, vehicle) between positions. */
export interface FenceState {
  readonly inside: boolean;
  /** Inside and above the speed limit since the last position. */
  readonly over: boolean;
  /** Collection time of the last position applied (ms). */
  readonly at: number;
}

/** One fixed position of the vehicle (WGS-84), speed in km/h when reported. */
export interface FencePosition {
  readonly at: number;
  readonly lng: number;
  readonly lat: number;
  readonly speed: number | null;
}

export type FenceEventKind = "enter" | "exit" | "overspeed";

/** An event: `alarm` when the rule asks for it and it happened inside the window. */
export interface FenceEvent {
  readonly kind: FenceEventKind;
  readonly at: number;
  readonly alarm: boolean;
}

/** The outcome of one position: the new state, its events and which open alarm kinds it ends. */
export interface FenceStep {
  readonly state: FenceState;
  readonly events: readonly FenceEvent[];
  /** Alarm episodes of these kinds (still on for this fence and vehicle) end at this position. */
  readonly ends: readonly FenceEventKind[];
}

const DAY = 86_400_000;

/** Whether a moment falls in the daily window (China time; both ends inclusive, to the minute). */
export function inFenceWindow(daily: FenceWindow | null, at: number): boolean {
  if (daily === null) return true;
  const minute = Math.floor(((((at + CHINA_OFFSET) % DAY) + DAY) % DAY) / 60_000);
  return daily.start <= daily.end
    ? minute >= daily.start && minute <= daily.end
    : minute >= daily.start || minute <= daily.end;
}

/**
 * Applies one position to a (fence, vehicle) pair. The first position ever only places the
 * vehicle (inside or out: no crossing was seen, so no event). A position not newer than the
 * state (a re-sent or late report) changes nothing: crossings follow collection time, and a
 * late point would otherwise invent a crossing back and forth. Entering ends an exit alarm,
 * leaving ends an enter and an overspeed alarm, slowing to the limit ends an overspeed alarm.
 */
export function stepFence(watch: FenceWatch, state: FenceState | null, p: FencePosition): FenceStep {
  if (state !== null && p.at <= state.at) return { state, events: [], ends: [] };
  const inside = insideGeofence(watch.shape, p);
  const over = inside && watch.speedLimit !== null && p.speed !== null && p.speed > watch.speedLimit;
  const next: FenceState = { inside, over, at: p.at };
  if (state === null) return { state: next, events: [], ends: [] };
  const inWindow = inFenceWindow(watch.window, p.at);
  const events: FenceEvent[] = [];
  const ends: FenceEventKind[] = [];
  if (inside && !state.inside) {
    events.push({ kind: "enter", at: p.at, alarm: inWindow && watch.rule !== "exit" });
    ends.push("exit");
  } else if (!inside && state.inside) {
    events.push({ kind: "exit", at: p.at, alarm: inWindow && watch.rule !== "enter" });
    ends.push("enter");
  }
  if (over && !state.over) events.push({ kind: "overspeed", at: p.at, alarm: inWindow });
  if (!over && state.over) ends.push("overspeed");
  return { state: next, events, ends };
}
