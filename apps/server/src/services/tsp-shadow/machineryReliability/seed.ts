import { bytesToHex, chinaDayStart, type DieselReadings, encodeHj1239Realtime } from "@tsp/domain";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../../gateway/stores/partitions";
import { createRng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import "../../tsp-bss/baseInfoRest/tables";
import "../machinery/tables";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** An HJ 1239 terminal's real-time period on a machine under test. */
const PERIOD = MINUTE;
/** The demo's roles, failures first so a small register still shows them (see seedReliabilityTest). */
const ROLES = ["deadZone", "dropOut", "clean", "minor"] as const;

interface FrameRow {
  received_at: number;
  vin: string;
  command: null;
  edition: null;
  raw_hex: string;
  status: "ok";
  reason: null;
  peer: string;
}

/** A diesel sample of a machine's last report (the frame's contents are not what this statistic reads). */
function readings(s: {
  engine_rpm: number | null;
  speed_kmh: number | null;
  fuel_rate_lph: number | null;
  coolant_c: number | null;
  longitude: number | null;
  latitude: number | null;
}): DieselReadings {
  return {
    speedKmh: s.speed_kmh ?? 0,
    barometricKpa: 100.5,
    netTorquePercent: 40,
    frictionTorquePercent: 8,
    engineRpm: s.engine_rpm ?? 0,
    fuelFlowLph: s.fuel_rate_lph ?? 0,
    scrUpstreamNoxPpm: 600,
    scrDownstreamNoxPpm: 40,
    reagentPercent: 60,
    airIntakeKgph: 300,
    scrInletC: 260,
    scrOutletC: 250,
    dpfDropKpa: 1.5,
    coolantC: s.coolant_c ?? 20,
    fuelPercent: 70,
    position: s.longitude === null || s.latitude === null ? null : { lng: s.longitude, lat: s.latitude },
    odometerKm: 0,
  };
}

/**
 * 农机可靠性试验统计's demo test: the first tenant's farm machines (拖拉机, 收获机) each send an
 * HJ 1239 real-time frame a minute through every session of the machinery seed's three days
 * before today (login to logout, so the frames and the reports agree), stored in the gateway's
 * journal as the gateway stores a machine's frame. Each machine (in PIN order) plays a role, so
 * the demo shows every verdict (the roles go round the machines that reported, in PIN order):
 * - deadZone: a dead zone every session, 20 frames re-sent 15 min late (~8 % re-sent, and a
 *   20-minute hole in the real-time stream) — fails 补发率 and 最长中断;
 * - dropOut: the terminal drops out for 15 minutes in its first session — fails 最长中断;
 * - clean: passes;
 * - minor: three re-sent frames and one 5-minute gap every fourth session — passes.
 * A machine of the machinery seed's day off fails 存在无数据日; one that never reported, 无数据;
 * one of the forwarding demo (its frames already in the journal, every 30 minutes) keeps them
 * and fails 日均中断.
 * Own PRNG; sessions from machine_connection, values from the nearest earlier report.
 */
export async function seedReliabilityTest(ctx: SeedContext): Promise<void> {
  const tenant = ctx.tenantIds[0];
  if (tenant === undefined) return;
  const rng = createRng(2020);
  const today = chinaDayStart(ctx.now.getTime());
  const from = today - 3 * DAY;
  const machines = await ctx.db
    .selectFrom("bss_machinery_info")
    .select("vin")
    .where("tenant_id", "=", tenant)
    .where("machinery_type", "in", ["tractor", "harvester"])
    .orderBy("vin")
    .execute();
  // Machines already in the journal (the forwarding demo's, a frame every 30 minutes) keep their terminal's frames.
  const framed = new Set(
    (
      await ctx.db
        .selectFrom("gateway_frame")
        .select("vin")
        .distinct()
        .where("received_at", ">=", from)
        .where("received_at", "<", today)
        .where(
          "vin",
          "in",
          machines.map((m) => m.vin),
        )
        .execute()
    ).map((r) => r.vin),
  );
  const rows: FrameRow[] = [];
  const mine = machines.filter((m) => !framed.has(m.vin));
  let next = 0;
  for (const { vin } of mine) {
    const events = await ctx.db
      .selectFrom("machine_connection")
      .select(["at", "kind"])
      .where("vin", "=", vin)
      .where("at", ">=", from)
      .where("at", "<", today)
      .orderBy("at")
      .execute();
    const samples = await ctx.db
      .selectFrom("machine_sample")
      .selectAll()
      .where("vin", "=", vin)
      .where("collected_at", ">=", from)
      .where("collected_at", "<", today)
      .orderBy("collected_at")
      .execute();
    // Roles go round the machines that reported (one that never did is the 无数据 case as it is).
    if (!events.some((e) => e.kind === "logout")) continue;
    const role = ROLES[next++ % ROLES.length];
    const peer = `10.20.${rng.int(1, 254)}.${rng.int(1, 254)}:${rng.int(20000, 60000)}`;
    let serial = 0;
    let k = 0;
    for (let e = 0; e + 1 < events.length; e++) {
      const login = events[e];
      const logout = events[e + 1];
      if (login?.kind !== "login" || logout?.kind !== "logout") continue;
      const start = Number(login.at) + PERIOD;
      const end = Number(logout.at);
      const count = Math.floor((end - start) / PERIOD);
      const deadFrom = rng.int(30, Math.max(31, count - 40));
      for (let n = 0; n < count; n++) {
        const at = start + n * PERIOD;
        // The roles' flaws: a 15-minute drop-out (lost), a dead zone re-sent later, a 5-minute gap.
        if (role === "dropOut" && e === 0 && n >= 60 && n < 74) continue;
        if (role === "minor" && n >= 90 && n < 94 && e % 4 === 0) continue;
        const resent =
          (role === "deadZone" && n >= deadFrom && n < deadFrom + 20) ||
          (role === "minor" && e % 4 === 0 && n >= 40 && n < 43);
        while (k + 1 < samples.length && Number(samples[k + 1]?.collected_at) <= at) k++;
        const s = samples[k];
        serial = (serial + 1) % 65536;
        const bytes = encodeHj1239Realtime(
          { vin, softwareVersion: 3 },
          {
            time: at,
            serial,
            resent,
            items: s ? [{ kind: "diesel", time: at - 1000, stream: readings(s) }] : [],
          },
        );
        if (!bytes.ok) throw new Error(`seed reliability test: ${vin}: ${bytes.error.message}`);
        rows.push({
          received_at: at + (resent ? 15 * MINUTE : 500 + rng.int(0, 1500)),
          vin,
          command: null,
          edition: null,
          raw_hex: bytesToHex(bytes.value),
          status: "ok",
          reason: null,
          peer,
        });
      }
    }
  }
  if (rows.length === 0) return;
  rows.sort((a, b) => a.received_at - b.received_at);
  const days = [...new Set(rows.map((r) => Math.floor(r.received_at / DAY)))].map((d) => d * DAY);
  await ensureDayPartitions(ctx.db, DAY_PARTITIONED, days, new Set());
  for (let i = 0; i < rows.length; i += 1000)
    await ctx.db
      .insertInto("gateway_frame")
      .values(rows.slice(i, i + 1000))
      .execute();
}
