import {
  decodeFrame,
  decodeParamList,
  decodeParamQuery,
  decodeRemoteControl,
  decodeTerminalControl,
  encodeFrame,
  encodeParamList,
  encodeRealtimeMessage,
  encodeVehicleLoginMessage,
  encodeVehicleLogoutMessage,
  type Gbt32960Frame,
  hexToBytes,
  isRemoteControlUnit,
  isUdsUnit,
  type ParamValue,
  type RemoteAction,
  type SimVehicle,
} from "@tsp/domain";
import { FrameSplitter } from "../gateway/frameSplitter";
import { type GatewayAddress, Link } from "./link";
import { type SimFleetVehicle, SimTerminal } from "./terminal";
import { SimUdsBus } from "./udsEcus";

const RESPONSE_SUCCESS = 0x01;
const RESPONSE_ERROR = 0x02;
const RESPONSE_COMMAND = 0xfe;
const LOGIN = 0x01;
const QUERY = 0x80;
const SET = 0x81;
const CONTROL = 0x82;

/**
 * How simulated terminals treat the platform's commands (0x80–0x82): a share that never answers,
 * a share that answers 错误, and a delay before answering — so every command state is reachable.
 */
export interface CommandBehaviour {
  /** Milliseconds before an answer (default 0). */
  readonly delayMs?: number;
  /** Share of commands answered 0x02 错误 (0–1). */
  readonly failRate?: number;
  /** Share of commands never answered (0–1). */
  readonly silentRate?: number;
  /** Randomness for the shares (default Math.random; tests pass their own). */
  readonly random?: () => number;
}

function bytes(hex: { ok: true; value: string } | { ok: false; error: { message: string } }): Uint8Array {
  if (!hex.ok) throw new Error(hex.error.message);
  const b = hexToBytes(hex.value);
  if (!b.ok) throw new Error(b.error.message);
  return b.value;
}

/** The real-time unit of a sample: vehicle and position items, an alarm item when one is raised. */
export function realtimeFrame(vin: string, s: SimVehicle, resent: boolean): Uint8Array {
  return bytes(
    encodeRealtimeMessage(vin, {
      collectedAt: s.at,
      resent,
      longitude: s.longitude,
      latitude: s.latitude,
      speedKmh: s.speedKmh,
      mileageKm: s.mileageKm,
      soc: Math.round(s.soc),
      voltage: 330 + s.soc * 0.6,
      // Discharging while driving (more when faster), a negative current while charging.
      current: s.mode === "charging" ? -90 : s.mode === "parked" ? 1.5 : 15 + s.speedKmh * 0.6,
      mode: s.mode,
      ...(s.alarm.level > 0 ? { alarm: s.alarm } : {}),
    }),
  );
}

/**
 * A GB/T 32960-2016 T-BOX: logs in (a serial a day counting up, its card, one battery pack
 * code), sends a real-time unit (0x02) per sample and what it kept during an outage as re-sent
 * units (0x03), logs out when stopped. Frames by the domain's encoders.
 */
export class GbtTerminal extends SimTerminal {
  private link: Link<Gbt32960Frame> | undefined;
  private serial = 0;
  /** The terminal's parameters (GB/T 32960 0x01–0x10) as a T-BOX keeps them; 0x81 changes them. */
  readonly params = new Map<number, ParamValue>();
  /** The remote-control actions this car carried out, in order. */
  readonly remoteActions: RemoteAction[] = [];
  /** The ECUs behind this T-BOX, answering UDS diagnoses (0x82 · 0x81). */
  readonly uds: SimUdsBus;
  /** When the last live report went out (sample time): a report period longer than the fleet's step thins them. */
  private lastLiveAt = Number.NEGATIVE_INFINITY;

  constructor(
    vehicle: SimFleetVehicle,
    private readonly address: GatewayAddress,
    private readonly behaviour: CommandBehaviour = {},
  ) {
    super(vehicle);
    this.uds = new SimUdsBus(vehicle.vin);
    const initial: [number, ParamValue][] = [
      [0x01, 1000],
      [0x02, 10],
      [0x03, 1000],
      [0x05, address.host],
      [0x06, address.port],
      [0x07, "HW1.0"],
      [0x08, "FW1.2"],
      [0x09, 60],
      [0x0a, 10],
      [0x0b, 10],
      [0x0c, 30],
      [0x0e, "gb.mee.example"],
      [0x0f, 19006],
      [0x10, 2],
    ];
    for (const [id, value] of initial) this.params.set(id, value);
  }

  /** The report period a 0x81 set (parameter 0x02), in ms; until one, every sample of the fleet is sent. */
  reportPeriodMs: number | undefined;

  /** Answers a command frame of the platform as a terminal would (after the behaviour's delay, or never). */
  private onCommand(f: Gbt32960Frame, link: () => Link<Gbt32960Frame> | undefined): void {
    const random = this.behaviour.random ?? Math.random;
    if (random() < (this.behaviour.silentRate ?? 0)) return;
    const fail = random() < (this.behaviour.failRate ?? 0);
    const reply = (flag: number, data: Uint8Array) => {
      const frame = encodeFrame({ ...f, responseFlag: flag, data });
      if (!frame.ok) return;
      const send = () => link()?.write(frame.value);
      if (this.behaviour.delayMs) setTimeout(send, this.behaviour.delayMs).unref();
      else send();
    };
    const time = f.data.subarray(0, 6);
    if (f.command === QUERY) {
      const q = decodeParamQuery(f.data);
      if (!q.ok || fail) {
        reply(RESPONSE_ERROR, time);
        return;
      }
      const params = q.value.ids.flatMap((id) => {
        const value = this.params.get(id);
        return value === undefined ? [] : [{ id, value }];
      });
      const list = encodeParamList({ collectedAt: q.value.collectedAt, params });
      reply(list.ok ? RESPONSE_SUCCESS : RESPONSE_ERROR, list.ok ? list.value : time);
      return;
    }
    if (f.command === SET) {
      const list = decodeParamList(f.data);
      if (!list.ok || fail) {
        reply(RESPONSE_ERROR, time);
        return;
      }
      for (const p of list.value.params) this.params.set(p.id, p.value);
      const period = list.value.params.find((p) => p.id === 0x02);
      if (period) this.reportPeriodMs = Number(period.value) * 1000;
      reply(RESPONSE_SUCCESS, time);
      return;
    }
    if (isUdsUnit(f.data)) {
      // The designed UDS diagnosis (0x82 · 0x81): the ECU's response, or 02 when none answers.
      const uds = this.uds.answer(f.data);
      reply(uds.ok && !fail ? RESPONSE_SUCCESS : RESPONSE_ERROR, uds.ok && !fail ? uds.data : uds.data.subarray(0, 7));
      return;
    }
    if (isRemoteControlUnit(f.data)) {
      // The designed OEM remote control (0x82 · 0x80): the car does it and says so.
      const remote = decodeRemoteControl(f.data);
      if (remote.ok && !fail) this.remoteActions.push(remote.value.control.action);
      reply(remote.ok && !fail ? RESPONSE_SUCCESS : RESPONSE_ERROR, time);
      return;
    }
    const control = decodeTerminalControl(f.data);
    // An accepted upgrade installs the package at once: the versions it names are what a 0x80 reads next.
    if (control.ok && !fail && control.value.control.command === "upgrade") {
      this.params.set(0x07, control.value.control.upgrade.hardwareVersion);
      this.params.set(0x08, control.value.control.upgrade.firmwareVersion);
    }
    reply(control.ok && !fail ? RESPONSE_SUCCESS : RESPONSE_ERROR, time);
  }

  protected connected(): boolean {
    return this.link !== undefined && !this.link.closed;
  }

  protected drop(): void {
    this.link?.drop();
    this.link = undefined;
  }

  protected async open(at: number): Promise<boolean> {
    const splitter = new FrameSplitter();
    // Commands may come right behind the login's answer, before the session is marked open.
    let opened: Link<Gbt32960Frame> | undefined;
    const link = await Link.open(this.address.host, this.address.port, (chunk) =>
      splitter.push(chunk).flatMap((p) => {
        if (p.kind !== "frame") return [];
        const f = decodeFrame(p.bytes);
        if (
          f.ok &&
          f.value.responseFlag === RESPONSE_COMMAND &&
          f.value.command >= QUERY &&
          f.value.command <= CONTROL
        ) {
          this.onCommand(f.value, () => opened);
          return [];
        }
        return f.ok ? [f.value] : [];
      }),
    );
    opened = link;
    this.serial = (this.serial % 65531) + 1;
    const { vin, iccid } = this.vehicle;
    link.write(
      bytes(
        encodeVehicleLoginMessage(vin, {
          edition: 2016,
          collectedAt: at,
          serial: this.serial,
          iccid: (iccid ?? `8986${vin.slice(-16)}`).padEnd(20, "0").slice(0, 20),
          codeLength: 24,
          subsystemCodes: [`BP${vin.slice(-12)}0000000001`.slice(0, 24)],
        }),
      ),
    );
    const answer = await link.answer((a) => a.command === LOGIN);
    this.counts.answered += answer ? 1 : 0;
    if (answer?.responseFlag !== RESPONSE_SUCCESS) {
      link.drop();
      return false;
    }
    this.link = link;
    return true;
  }

  protected sendLive(s: SimVehicle): void {
    // A sample sooner than the report period after the last one stays unsent (the fleet steps
    // every --rate seconds; a longer period set by 0x81 thins the reports).
    if (this.reportPeriodMs !== undefined && s.at - this.lastLiveAt < this.reportPeriodMs - 1) return;
    this.lastLiveAt = s.at;
    this.link?.write(realtimeFrame(this.vehicle.vin, s, false));
  }

  protected sendKept(states: readonly SimVehicle[]): void {
    for (const s of states) this.link?.write(realtimeFrame(this.vehicle.vin, s, true));
  }

  async close(at: number): Promise<void> {
    const link = this.link;
    if (!link || link.closed) return;
    link.write(bytes(encodeVehicleLogoutMessage(this.vehicle.vin, { collectedAt: at, serial: this.serial })));
    await link.answer((a) => a.command === 0x04, 2000);
    await link.end();
    this.link = undefined;
  }
}
