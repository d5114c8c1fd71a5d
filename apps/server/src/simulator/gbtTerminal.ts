import {
  decodeFrame,
  encodeRealtimeMessage,
  encodeVehicleLoginMessage,
  encodeVehicleLogoutMessage,
  type Gbt32960Frame,
  hexToBytes,
  type SimVehicle,
} from "@tsp/domain";
import { FrameSplitter } from "../gateway/frameSplitter";
import { type GatewayAddress, Link } from "./link";
import { type SimFleetVehicle, SimTerminal } from "./terminal";

const RESPONSE_SUCCESS = 0x01;
const LOGIN = 0x01;

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

  constructor(
    vehicle: SimFleetVehicle,
    private readonly address: GatewayAddress,
  ) {
    super(vehicle);
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
    const link = await Link.open(this.address.host, this.address.port, (chunk) =>
      splitter.push(chunk).flatMap((p) => {
        if (p.kind !== "frame") return [];
        const f = decodeFrame(p.bytes);
        return f.ok ? [f.value] : [];
      }),
    );
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
