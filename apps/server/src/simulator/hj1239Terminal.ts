import {
  antiTamperHappens,
  decodeHj1239Frame,
  dieselSamples,
  encodeHj1239AntiTamper,
  encodeHj1239Login,
  encodeHj1239Logout,
  encodeHj1239Realtime,
  type Hj1239Frame,
  type Hj1239ItemToWrite,
  obdDue,
  type SimEngine,
  type SimRandom,
  type SimVehicle,
  simObd,
  startSimEngine,
  stepSimEngine,
} from "@tsp/domain";
import { Hj1239Splitter } from "../gateway/hj1239Splitter";
import { type GatewayAddress, Link } from "./link";
import { type SimFleetVehicle, SimTerminal } from "./terminal";

const LOGIN = 0x01;
const LOGOUT = 0x04;

function bytes(r: { ok: true; value: Uint8Array } | { ok: false; error: { message: string } }): Uint8Array {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * An HJ 1239 terminal of a diesel truck (燃油车国标数据): logs in (a serial counting up, its
 * card), sends a real-time unit (0x02) per sample with ten one-second diesel samples along the
 * way from the previous sample and the OBD item every five minutes, what it kept during an
 * outage as re-sent units (0x03), a 防拆报警 (0x06) now and then, and logs out when stopped. The
 * readings come from `@tsp/domain`'s diesel model driven by the shared motion model.
 */
export class Hj1239Terminal extends SimTerminal {
  private link: Link<Hj1239Frame> | undefined;
  private loginSerial = 0;
  private serial = 0;
  private engine: SimEngine | undefined;
  private last: SimVehicle | undefined;

  constructor(
    vehicle: SimFleetVehicle,
    private readonly address: GatewayAddress,
    private readonly random: SimRandom,
  ) {
    super(vehicle);
  }

  private get terminal() {
    return { vin: this.vehicle.vin, softwareVersion: 1 };
  }

  protected connected(): boolean {
    return this.link !== undefined && !this.link.closed;
  }

  protected drop(): void {
    this.link?.drop();
    this.link = undefined;
  }

  protected async open(at: number): Promise<boolean> {
    if (this.address.hj1239Port === undefined) return false;
    const splitter = new Hj1239Splitter();
    const link = await Link.open(this.address.host, this.address.hj1239Port, (chunk) =>
      splitter.push(chunk).flatMap((b) => {
        const f = decodeHj1239Frame(b);
        return f.ok ? [f.value] : [];
      }),
    );
    this.loginSerial = (this.loginSerial % 65531) + 1;
    const { vin, iccid } = this.vehicle;
    link.write(
      bytes(
        encodeHj1239Login(this.terminal, {
          time: at,
          serial: this.loginSerial,
          iccid: (iccid ?? `8986${vin.slice(-16)}`).padEnd(20, "0").slice(0, 20),
        }),
      ),
    );
    // An unknown VIN is not answered: the wait runs out and the session counts as refused.
    const answer = await link.answer((a) => a.command === LOGIN);
    this.counts.answered += answer ? 1 : 0;
    if (answer === undefined) {
      link.drop();
      return false;
    }
    this.link = link;
    return true;
  }

  /** One unit of a sample: its ten diesel seconds, the OBD item when due. */
  private unit(s: SimVehicle, resent: boolean): Uint8Array {
    const prev = this.last ?? s;
    this.engine = this.engine ? stepSimEngine(this.engine, prev, s) : startSimEngine(s, this.random);
    const items: Hj1239ItemToWrite[] = [];
    if (obdDue(this.engine, s.at)) {
      items.push({ kind: "obd", time: Math.floor(s.at / 1000) * 1000, obd: simObd(this.vehicle.vin) });
      this.engine = { ...this.engine, lastObdAt: s.at };
    }
    for (const sample of dieselSamples(prev, s, this.engine)) items.push({ kind: "diesel", ...sample });
    this.last = s;
    this.serial = (this.serial + 1) % 0x10000;
    return bytes(encodeHj1239Realtime(this.terminal, { time: s.at, serial: this.serial, resent, items }));
  }

  protected sendLive(s: SimVehicle): void {
    const minutes = this.last ? Math.max(0, s.at - this.last.at) / 60_000 : 0;
    this.link?.write(this.unit(s, false));
    if (antiTamperHappens(this.random, minutes)) {
      this.serial = (this.serial + 1) % 0x10000;
      const position = { lng: s.longitude, lat: s.latitude };
      this.link?.write(bytes(encodeHj1239AntiTamper(this.terminal, { time: s.at, serial: this.serial, position })));
    }
  }

  protected sendKept(states: readonly SimVehicle[]): void {
    for (const s of states) this.link?.write(this.unit(s, true));
  }

  async close(at: number): Promise<void> {
    const link = this.link;
    if (!link || link.closed) return;
    link.write(bytes(encodeHj1239Logout(this.terminal, { time: at, serial: this.loginSerial })));
    await link.answer((a) => a.command === LOGOUT, 2000);
    await link.end();
    this.link = undefined;
  }
}
