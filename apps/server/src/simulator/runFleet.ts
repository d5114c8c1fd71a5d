import { type SimVehicle, startSimVehicle, stepSimVehicle } from "@tsp/domain";
import type { SmsInbox } from "../gateway/commands/sms";
import { createRng } from "../seed/rng";
import { type CommandBehaviour, GbtTerminal } from "./gbtTerminal";
import { Hj1239Terminal } from "./hj1239Terminal";
import { Jt808Terminal } from "./jt808Terminal";
import type { GatewayAddress } from "./link";
import type { SimFleetVehicle, SimTerminal, TerminalCounts } from "./terminal";

export interface FleetOptions {
  readonly address: GatewayAddress;
  readonly vehicles: readonly SimFleetVehicle[];
  /** Real milliseconds between two reports of a vehicle (default 10 s: GB/T 32960's usual 10 s period). */
  readonly intervalMs?: number;
  /** Simulated time runs this many times faster than the clock (default 1; tests drive faster). */
  readonly timeScale?: number;
  /** Seed of the model's randomness (default 32960): the same seed drives the same routes. */
  readonly seed?: number;
  /** The clock (default Date.now). */
  readonly now?: () => number;
  /** How GB/T 32960 terminals answer remote commands: delay, failing and never-answering shares. */
  readonly commands?: Omit<CommandBehaviour, "random">;
  /** VINs whose T-BOX starts asleep: it reports nothing until a wake-up SMS reaches it through `smsInbox`. */
  readonly sleeping?: ReadonlySet<string>;
  /** Where the simulated modems receive SMS (the gateway's built-in SMS gateway). */
  readonly smsInbox?: SmsInbox;
  /**
   * 苏标 active-safety terminals: the share of reports raising an ADAS/DSM alarm with attachments
   * (default 0.02: one in fifty, every ~8 minutes at 10 s) and of attachment data frames lost on
   * the first pass (default 0.1: the 0x9212 resend path is used).
   */
  readonly safety?: { readonly alarmRate?: number; readonly dropRate?: number };
}

export interface RunningFleet {
  readonly terminals: readonly SimTerminal[];
  /** Sums of the terminals' counts. */
  counts(): TerminalCounts;
  /** Stops reporting and closes every terminal (GB/T 32960 ones log out). */
  stop(): Promise<void>;
}

/**
 * Drives a simulated fleet over real TCP: per vehicle the domain's model
 * (`startSimVehicle`/`stepSimVehicle`, one seeded generator per vehicle) stepped every
 * `intervalMs`, its state reported by the vehicle's terminal. Reports are spread over the
 * interval so the gateway sees a steady stream, not a burst.
 */
export function runFleet(options: FleetOptions): RunningFleet {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 10_000;
  const scale = options.timeScale ?? 1;
  const seed = options.seed ?? 32_960;
  const started = now();
  const simNow = () => started + (now() - started) * scale;
  const timers: NodeJS.Timeout[] = [];
  const unsubscribe: (() => void)[] = [];
  let stopped = false;
  const safetyTerminal = (v: SimFleetVehicle) => {
    const t = new Jt808Terminal(v, options.address);
    if (v.activeSafety) {
      t.safetyAlarmRate = options.safety?.alarmRate ?? 0.02;
      t.safety.dropRate = options.safety?.dropRate ?? 0.1;
    }
    return t;
  };
  const terminals = options.vehicles.map((v, i) => {
    const terminal: SimTerminal =
      v.protocol === "jt808"
        ? safetyTerminal(v)
        : v.protocol === "hj1239"
          ? // Its own generator (anti-tamper, urea): the motion model's sequence stays the same for every protocol.
            new Hj1239Terminal(v, options.address, createRng(seed + i * 7919 + 1239).next)
          : new GbtTerminal(v, options.address, {
              ...options.commands,
              random: createRng(seed + i * 7919 + 32960).next,
            });
    const random = createRng(seed + i * 7919).next;
    let state: SimVehicle = startSimVehicle(i, simNow(), random);
    let running: Promise<void> = Promise.resolve();
    const tick = () => {
      if (stopped) return;
      if (terminal.sleeping) {
        // A sleeping T-BOX's vehicle is parked and switched off: it neither drives nor drops its
        // link while asleep, only its clock runs — it wakes where it fell asleep, and the SMS's
        // tick steps it by moments, not by the whole sleep (which could have put it in a coverage
        // gap, so the wake-up login would wait minutes for the link).
        state = { ...state, at: simNow() };
        return;
      }
      state = stepSimVehicle(state, simNow(), random);
      const s = state;
      // One report at a time per terminal; a slow session opening keeps the later samples.
      running = running.then(() => terminal.report(s)).catch(() => undefined);
    };
    const first = setTimeout(
      () => {
        tick();
        timers.push(setInterval(tick, intervalMs));
      },
      Math.floor((i / Math.max(1, options.vehicles.length)) * intervalMs),
    );
    timers.push(first);
    if (options.sleeping?.has(v.vin)) {
      terminal.sleep();
      // A wake-up SMS: the T-BOX wakes and reports (logs in) at once, not at its next step.
      unsubscribe.push(
        options.smsInbox?.subscribe(v.vin, () => {
          if (!terminal.sleeping) return;
          terminal.wake();
          tick();
        }) ?? (() => undefined),
      );
    }
    return { terminal, wait: () => running };
  });
  return {
    terminals: terminals.map((t) => t.terminal),
    counts: () => {
      const sum: TerminalCounts = { sent: 0, resent: 0, answered: 0, refused: 0, connects: 0 };
      for (const { terminal } of terminals)
        for (const k of Object.keys(sum) as (keyof TerminalCounts)[]) sum[k] += terminal.counts[k];
      return sum;
    },
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      for (const u of unsubscribe) u();
      await Promise.all(terminals.map((t) => t.wait()));
      await Promise.all(terminals.map((t) => t.terminal.close(simNow()).catch(() => undefined)));
    },
  };
}
