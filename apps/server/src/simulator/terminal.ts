import type { SimVehicle } from "@tsp/domain";

/** What a simulated terminal counted (for the simulator's summary line and the tests). */
export interface TerminalCounts {
  sent: number;
  resent: number;
  answered: number;
  refused: number;
  connects: number;
}

/** A vehicle of the simulated fleet as a terminal knows itself. */
export interface SimFleetVehicle {
  readonly vin: string;
  readonly protocol: "gbt32960" | "jt808" | "hj1239";
  /** GB/T 32960 and HJ 1239 login's card. */
  readonly iccid?: string;
  /** JT/T 808: the register's terminal id and the edition it speaks. */
  readonly terminalId?: string;
  readonly phone?: string;
  readonly edition?: 2013 | 2019;
  /** JT/T 808: a 苏标 active-safety terminal (`jsatl_terminal`): raises ADAS/DSM alarms with attachments. */
  readonly activeSafety?: boolean;
}

/** Most samples a terminal keeps while its link is down (older ones are lost, as in a real T-BOX's ring buffer). */
export const MAX_KEPT = 500;

/**
 * A terminal's life around its link: while the model says the link is down it drops the
 * connection and keeps its samples; when the link is back it connects, opens its session
 * (login, or register + authenticate), re-sends what it kept and reports live again. A refused
 * session (VIN or terminal unknown) is not retried for a minute.
 */
export abstract class SimTerminal {
  readonly counts: TerminalCounts = { sent: 0, resent: 0, answered: 0, refused: 0, connects: 0 };
  private kept: SimVehicle[] = [];
  private busy = false;
  private refusedUntil = 0;
  /** A sleeping T-BOX (simulator option `sleeping`) samples nothing and holds no connection until an SMS wakes it. */
  private asleep = false;

  constructor(readonly vehicle: SimFleetVehicle) {}

  /** Opens the connection and the session; false when refused or unreachable. */
  protected abstract open(at: number): Promise<boolean>;
  protected abstract connected(): boolean;
  protected abstract drop(): void;
  protected abstract sendLive(s: SimVehicle): void;
  protected abstract sendKept(states: readonly SimVehicle[]): void;
  /** Closes the session (logout where the protocol has one) and the connection. */
  abstract close(at: number): Promise<void>;

  private keep(s: SimVehicle): void {
    this.kept.push(s);
    if (this.kept.length > MAX_KEPT) this.kept.shift();
  }

  /** Puts the T-BOX to sleep: the connection closes, nothing is sampled until {@link wake}. */
  sleep(): void {
    this.asleep = true;
    if (this.connected()) this.drop();
  }

  /** Wakes the T-BOX (a wake-up SMS): the next sample opens a session (its login is the wake-up login). */
  wake(): void {
    this.asleep = false;
    this.refusedUntil = 0;
  }

  get sleeping(): boolean {
    return this.asleep;
  }

  /** One sample of the model: sent, or kept while the link is down or the session opens. */
  async report(s: SimVehicle): Promise<void> {
    if (this.asleep) return;
    if (s.linkDown) {
      if (this.connected()) this.drop();
      this.keep(s);
      return;
    }
    if (this.busy) {
      this.keep(s);
      return;
    }
    if (!this.connected()) {
      if (s.at < this.refusedUntil) return;
      this.busy = true;
      try {
        this.counts.connects++;
        const opened = await this.open(s.at).catch(() => false);
        if (!opened) {
          this.refusedUntil = s.at + 60_000;
          this.counts.refused++;
          return;
        }
      } finally {
        this.busy = false;
      }
      if (this.kept.length > 0) {
        const kept = this.kept;
        this.kept = [];
        this.sendKept(kept);
        this.counts.resent += kept.length;
      }
    }
    this.sendLive(s);
    this.counts.sent++;
  }
}
