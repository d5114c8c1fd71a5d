import { type DieselReadings, encodeHj1239Realtime } from "@tsp/domain";
import { type Answered, acknowledge, cursorOf, type QueuedFrame } from "../../../forwarder/queue";
import { ensureDayPartitions } from "../../../gateway/stores/partitions";
import type { SeedContext } from "../../types";
import "./tables";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHINA = 8 * HOUR;

/** A working machine's reading at report `n` (smooth, plausible; the forwarder never reads it). */
const readings = (n: number, k: number): DieselReadings => ({
  speedKmh: 4 + ((n * 7 + k) % 9),
  barometricKpa: 100,
  netTorquePercent: 30 + ((n + k) % 40),
  frictionTorquePercent: 8,
  engineRpm: 1400 + ((n * 37 + k * 11) % 600),
  fuelFlowLph: 12 + ((n + k) % 10),
  scrUpstreamNoxPpm: 700 + ((n * 13) % 200),
  scrDownstreamNoxPpm: 35 + ((n * 3) % 20),
  reagentPercent: 60 - ((n / 10) % 30),
  airIntakeKgph: 600 + ((n * 5) % 150),
  scrInletC: 280 + ((n * 3) % 40),
  scrOutletC: 270 + ((n * 3) % 40),
  dpfDropKpa: 3,
  coolantC: 86,
  fuelPercent: 70 - ((n / 8) % 40),
  position: { lng: 113.2 + k * 0.01 + n * 0.0002, lat: 23.1 + k * 0.01 },
  odometerKm: 1000 + k * 50 + n * 0.2,
});

/**
 * The demo's forwarding history — what a week of the forwarder left: HJ 1322 machines (HJ 1239
 * bytes, the codec's encoder) forwarded to an HJ 1239 platform report every 30 minutes of the
 * working day (08:00–17:30, China time) on the last seven days into the journal; all but each
 * machine's newest three were forwarded through the forwarder's own `acknowledge` (log and
 * cursor), those three wait (pending). Three days ago the platform was unreachable 10:00–12:00: those
 * frames went out at 12:05 as 补发; one frame in 150 was refused. Deterministic (no PRNG: the
 * counters decide), relative to `ctx.now`. The gateway would refuse these PINs today (they are
 * machines, not vehicles of the `vehicle` register): the frames stand for what an HJ 1322
 * terminal sends.
 */
export async function seedForwarding(ctx: SeedContext): Promise<void> {
  const now = ctx.now.getTime();
  const today = Math.floor((now + CHINA) / DAY) * DAY - CHINA;
  const platforms = await ctx.db
    .selectFrom("nr4_forward_platform as p")
    .innerJoin("nr4_forward_machine as m", "m.platform_id", "p.id")
    .select(["p.id", "m.pin", "m.since"])
    .where("p.protocol", "=", "hj1239")
    .where("m.enabled", "=", true)
    .orderBy("p.id")
    .orderBy("m.pin")
    .execute();
  const pins = [...new Set(platforms.map((r) => r.pin))].toSorted();
  if (pins.length === 0) return;
  const frames: { vin: string; at: number; raw_hex: string }[] = [];
  for (let d = 6; d >= 0; d--) {
    for (let slot = 0; slot < 20; slot++) {
      pins.forEach((vin, k) => {
        const at = today - d * DAY + 8 * HOUR + slot * 30 * MINUTE + k * 7_000;
        if (at > now - MINUTE) return;
        const n = (6 - d) * 20 + slot;
        const r = encodeHj1239Realtime(
          { vin, softwareVersion: 1 },
          { time: at, serial: n + 1, items: [{ kind: "diesel", time: at, stream: readings(n, k) }] },
        );
        if (!r.ok) throw new Error(r.error.message);
        frames.push({ vin, at, raw_hex: Buffer.from(r.value).toString("hex").toUpperCase() });
      });
    }
  }
  frames.sort((a, b) => a.at - b.at || (a.vin < b.vin ? -1 : 1));
  await ensureDayPartitions(
    ctx.db,
    ["gateway_frame"],
    frames.map((f) => f.at),
    new Set(),
  );
  const stored: QueuedFrame[] = [];
  for (let i = 0; i < frames.length; i += 500) {
    const rows = await ctx.db
      .insertInto("gateway_frame")
      .values(
        frames.slice(i, i + 500).map((f) => ({
          received_at: f.at,
          vin: f.vin,
          command: 0x02,
          edition: null,
          raw_hex: f.raw_hex,
          status: "ok" as const,
          reason: null,
          peer: "10.8.0.17:40512",
        })),
      )
      .returning(["id", "received_at", "vin"])
      .execute();
    for (const r of rows)
      stored.push({ id: Number(r.id), receivedAt: Number(r.received_at), vin: r.vin ?? "", raw: new Uint8Array(0) });
  }
  const outageFrom = today - 3 * DAY + 10 * HOUR;
  const outageTo = today - 3 * DAY + 12 * HOUR;
  for (const platformId of new Set(platforms.map((r) => r.id))) {
    const mine = new Map(platforms.filter((r) => r.id === platformId).map((r) => [r.pin, Number(r.since)]));
    const theirs = stored.filter((f) => (mine.get(f.vin) ?? Number.POSITIVE_INFINITY) <= f.receivedAt);
    // The newest three reports of each machine wait in the queue (the platform went quiet since).
    const forwarded = theirs.slice(0, Math.max(0, theirs.length - 3 * mine.size));
    const answered: Answered[] = forwarded.map((frame, i) => {
      const resent = frame.receivedAt >= outageFrom && frame.receivedAt < outageTo;
      const sentAt = resent ? outageTo + 5 * MINUTE : frame.receivedAt + 800;
      return {
        frame,
        sentAt,
        answeredAt: sentAt + 120,
        sentCommand: resent ? 0x03 : 0x02,
        resent,
        accepted: i % 150 !== 149,
      };
    });
    await cursorOf(ctx.db, platformId);
    for (let i = 0; i < answered.length; i += 500) {
      const from = i === 0 ? 0 : (answered[i - 1] as Answered).frame.id;
      await acknowledge(ctx.db, platformId, from, answered.slice(i, i + 500));
    }
  }
}
