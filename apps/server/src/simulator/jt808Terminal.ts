import {
  decodeJt808Frame,
  decodeJt808Message,
  encodeJt808Message,
  JT808_BATCH_RESENT,
  type Jt808Body,
  type Jt808Location,
  type Jt808Message,
  type SimVehicle,
  takeJt808Frames,
} from "@tsp/domain";
import { createRng } from "../seed/rng";
import { SimActiveSafety } from "./jt808ActiveSafety";
import { defaultGeneralParams, SimAvSettings } from "./jt808AvSettings";
import { SimCamera } from "./jt808Camera";
import { SimControl } from "./jt808Control";
import { type GatewayAddress, Link } from "./link";
import { type SimFleetVehicle, SimTerminal } from "./terminal";

/** Locations per 0x0704 batch: each entry is ~40 bytes, so a batch stays well under the 1,023-byte body. */
export const BATCH_SIZE = 20;

/** The 0x0200 body of a sample: ACC on while driving, fixed, the odometer, signal and satellites. */
export function jt808Location(s: SimVehicle): Jt808Location {
  return {
    // Bit 0 紧急报警 is a driver's button, not the battery's: the GB/T 32960 alarms have no JT/T 808 bit.
    alarm: 0,
    // Bit 0 ACC on, bit 1 fixed (south/west never: the fleet drives in China).
    status: (s.mode === "driving" ? 0x01 : 0) | 0x02,
    latitude: Math.round(s.latitude * 1e6),
    longitude: Math.round(s.longitude * 1e6),
    altitude: 10 + Math.round((s.progressKm * 7) % 40),
    speed: Math.round(s.speedKmh * 10),
    direction: s.direction,
    time: Math.floor(s.at / 1000) * 1000,
    items: [
      { kind: "mileage", value: Math.round(s.mileageKm * 10) },
      { kind: "signalStrength", value: 24 },
      { kind: "satellites", value: 14 },
    ],
  };
}

/**
 * A JT/T 808 terminal: registers (0x0100) on its first connection and keeps the code it was
 * given, authenticates (0x0102) on every connection, sends a location (0x0200) per sample and
 * what it kept during an outage as blind-area batches (0x0704 type 1). Frames by the domain's
 * encoders, answers read by its decoder.
 */
export class Jt808Terminal extends SimTerminal {
  private link: Link<Jt808Message> | undefined;
  private serial = 0;
  private authCode: string | undefined;
  private last: Jt808Location | undefined;
  /** The camera answering the platform's 0x8801 (拍照/录像) with photos. */
  readonly camera = new SimCamera({
    header: (count) => {
      const serial = (this.serial + 1) % 0x10000;
      this.serial = (this.serial + count) % 0x10000;
      return { edition: this.edition, encryption: 0, phone: this.vehicle.phone ?? "0", serial };
    },
    location: () => this.where(),
    write: (bytes) => this.link?.write(bytes),
  });

  /** 0x8105 终端控制 and 0x8500 车辆控制 (its door lock shows in the locations' status). */
  readonly control = new SimControl({
    header: () => {
      this.serial = (this.serial + 1) % 0x10000;
      return { edition: this.edition, encryption: 0, phone: this.vehicle.phone ?? "0", serial: this.serial };
    },
    location: () => this.where(),
    write: (bytes) => this.link?.write(bytes),
  });

  /**
   * The parameters answering 0x8104 / 0x8106 / 0x8103: the JT/T 1078 audio/video settings (音视频参数设置)
   * and the general ones (终端参数, issue 17) — a new 0x0029 缺省时间汇报间隔 spaces the reports.
   */
  readonly av = new SimAvSettings(
    {
      header: () => {
        this.serial = (this.serial + 1) % 0x10000;
        return { edition: this.edition, encryption: 0, phone: this.vehicle.phone ?? "0", serial: this.serial };
      },
      write: (bytes) => this.link?.write(bytes),
    },
    defaultGeneralParams(this.vehicle.vin),
    (seconds) => {
      this.reportPeriodMs = seconds * 1000;
    },
  );

  /** The report spacing a 0x8103 set (0x0029), in ms; until one, every sample of the fleet is sent. */
  reportPeriodMs: number | undefined;
  /** When the last live report went out (sample time). */
  private lastLiveAt = Number.NEGATIVE_INFINITY;

  /** Deterministic per VIN: which reports raise an active-safety alarm, which data frames drop. */
  private readonly random = createRng([...this.vehicle.vin].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7)).next;

  /** The 苏标 active-safety unit: ADAS/DSM alarms with attachments, uploaded on 0x9208. */
  readonly safety = new SimActiveSafety({
    terminalId: () => (this.vehicle.terminalId ?? "").slice(-7),
    header: () => {
      this.serial = (this.serial + 1) % 0x10000;
      return { edition: this.edition, encryption: 0, phone: this.vehicle.phone ?? "0", serial: this.serial };
    },
    random: () => this.random(),
  });

  /** The share of live reports that raise an ADAS or DSM alarm with attachments (0: none). */
  safetyAlarmRate = 0;

  constructor(
    vehicle: SimFleetVehicle,
    private readonly address: GatewayAddress,
  ) {
    super(vehicle);
  }

  /**
   * Sends a location now carrying a new ADAS/DSM alarm with two attachments (the platform then
   * asks for them with 0x9208); false when not connected or the alarm does not encode.
   */
  raiseAlarm(source: "adas" | "dsm", type: number): boolean {
    const base = { ...this.where(), time: Math.floor(Date.now() / 1000) * 1000 };
    const item = this.safety.raise(source, type, base);
    if (item === undefined || !this.connected()) return false;
    this.link?.write(this.frame({ kind: "location", location: { ...base, items: [...base.items, item] } }));
    return true;
  }

  /** The last location sent, or a zero one before the first (answers carry a location). */
  private where(): Jt808Location {
    return (
      this.last ?? {
        alarm: 0,
        status: 0,
        latitude: 0,
        longitude: 0,
        altitude: 0,
        speed: 0,
        direction: 0,
        time: Math.floor(Date.now() / 1000) * 1000,
        items: [],
      }
    );
  }

  private get edition(): 2013 | 2019 {
    return this.vehicle.edition ?? 2019;
  }

  private frame(body: Jt808Body): Uint8Array {
    this.serial = (this.serial + 1) % 0x10000;
    const r = encodeJt808Message(
      { edition: this.edition, encryption: 0, phone: this.vehicle.phone ?? "0", serial: this.serial },
      body,
    );
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }

  protected connected(): boolean {
    return this.link !== undefined && !this.link.closed;
  }

  protected drop(): void {
    this.link?.drop();
    this.link = undefined;
  }

  protected async open(): Promise<boolean> {
    if (this.address.jt808Port === undefined) return false;
    let rest: Uint8Array = new Uint8Array(0);
    const link = await Link.open<Jt808Message>(this.address.host, this.address.jt808Port, (chunk) => {
      const joined = new Uint8Array(rest.length + chunk.length);
      joined.set(rest, 0);
      joined.set(chunk, rest.length);
      const cut = takeJt808Frames(joined);
      rest = cut.rest;
      return cut.frames.flatMap((f) => {
        // The camera's commands (0x8801, 0x8800) are handled as they come, not waited for.
        const frame = decodeJt808Frame(f);
        if (frame.ok && SimCamera.reads(frame.value.header.messageId)) {
          this.camera.receive(frame.value);
          return [];
        }
        if (frame.ok && SimControl.reads(frame.value.header.messageId)) {
          this.control.receive(frame.value);
          return [];
        }
        if (frame.ok && SimActiveSafety.reads(frame.value.header.messageId)) {
          this.safety.receive(frame.value);
          return [];
        }
        if (frame.ok && SimAvSettings.reads(frame.value.header.messageId)) {
          this.av.receive(frame.value);
          return [];
        }
        const m = decodeJt808Message(f);
        return m.ok ? [m.value] : [];
      });
    });
    const { terminalId = "", vin } = this.vehicle;
    if (this.authCode === undefined) {
      const serial = this.serial + 1;
      link.write(
        this.frame({
          kind: "register",
          register: { province: 31, city: 0, maker: "TSPSM", model: "SIM-808", terminalId, plateColor: 0, plate: vin },
        }),
      );
      const answer = await link.answer((a) => a.body.kind === "registerResponse" && a.body.response.serial === serial);
      this.counts.answered += answer ? 1 : 0;
      const code = answer?.body.kind === "registerResponse" ? answer.body.response.authCode : undefined;
      if (code === undefined) {
        link.drop();
        return false;
      }
      this.authCode = code;
    }
    const serial = this.serial + 1;
    link.write(
      this.frame({
        kind: "authentication",
        authentication: { authCode: this.authCode, imei: "", softwareVersion: "SIM1.0" },
      }),
    );
    const answer = await link.answer(
      (a) =>
        a.body.kind === "platformResponse" && a.body.response.serial === serial && a.body.response.messageId === 0x0102,
    );
    this.counts.answered += answer ? 1 : 0;
    if (answer?.body.kind !== "platformResponse" || answer.body.response.result !== 0) {
      // A code the platform no longer knows (the terminal was registered again elsewhere): register anew next time.
      this.authCode = undefined;
      link.drop();
      return false;
    }
    this.link = link;
    return true;
  }

  protected sendLive(s: SimVehicle): void {
    // As GB/T 32960's terminal: a sample sooner than the spacing after the last report stays unsent.
    if (this.reportPeriodMs !== undefined && s.at - this.lastLiveAt < this.reportPeriodMs - 1) return;
    this.lastLiveAt = s.at;
    const location = jt808Location(s);
    this.last = { ...location, status: this.control.status(location.status) };
    // Now and then an ADAS (1 前向碰撞, 2 车道偏离, 3 车距过近) or DSM (1 疲劳, 2 接打电话, 3 抽烟) alarm rides along.
    const alarm =
      this.safetyAlarmRate > 0 && this.random() < this.safetyAlarmRate
        ? this.safety.raise(this.random() < 0.5 ? "adas" : "dsm", 1 + Math.floor(this.random() * 3), this.last)
        : undefined;
    const sent = alarm ? { ...this.last, items: [...this.last.items, alarm] } : this.last;
    this.link?.write(this.frame({ kind: "location", location: sent }));
  }

  protected sendKept(states: readonly SimVehicle[]): void {
    for (let i = 0; i < states.length; i += BATCH_SIZE) {
      const locations = states.slice(i, i + BATCH_SIZE).map(jt808Location);
      this.link?.write(this.frame({ kind: "batchLocation", batch: { type: JT808_BATCH_RESENT, locations } }));
    }
  }

  async close(): Promise<void> {
    await this.link?.end();
    this.link = undefined;
  }
}
