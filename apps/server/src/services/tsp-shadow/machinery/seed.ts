import { chinaDayStart } from "@tsp/domain";
import { createRng, type Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import "../../tsp-bss/baseInfoRest/tables";
import "./tables";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A report every ten minutes: enough for a shift's curve, small for the tests' servers. */
const STEP = 10 * MINUTE;

/** Work sites of the demo machines (WGS-84): building sites and farms across China. */
const SITES: readonly (readonly [number, number])[] = [
  [121.9301, 30.9012], // 上海临港
  [120.2702, 30.1803], // 杭州萧山
  [117.2311, 31.8207], // 合肥
  [113.7532, 34.7496], // 郑州
  [132.6021, 47.2512], // 建三江农场
  [116.3601, 37.4352], // 德州
  [104.0712, 30.5703], // 成都
  [87.3056, 44.0118], // 昌吉
];

/** Types that drive across their site while working (the others dig, lift or load in place). */
const MOBILE = new Set(["tractor", "harvester", "roller", "forklift"]);

type Mode = "working" | "idle";
type Sample = {
  vin: string;
  collected_at: number;
  engine_rpm: number;
  load_percent: number;
  fuel_rate_lph: number;
  coolant_c: number;
  working_hours: number;
  speed_kmh: number;
  longitude: number;
  latitude: number;
  alarm: string | null;
};

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One machine's walk through its shifts: position and engine hours carry over between them. */
class MachineRun {
  pos: [number, number];
  hours: number;
  constructor(
    readonly vin: string,
    readonly mobile: boolean,
    readonly rng: Rng,
    site: readonly [number, number],
    hours: number,
  ) {
    this.pos = [site[0] + rng.int(-300, 300) / 10_000, site[1] + rng.int(-300, 300) / 10_000];
    this.hours = hours;
  }

  /** Reports every {@link STEP} from `from` to `last`, warming up, in `mode`; `alarm` on the last `alarmFor` ones. */
  shift(from: number, last: number, mode: Mode, alarm: string | null = null, alarmFor = 0): Sample[] {
    const out: Sample[] = [];
    const times: number[] = [];
    for (let t = last; t >= from; t -= STEP) times.unshift(t);
    times.forEach((t, k) => {
      const warm = 1 - Math.exp(-(t - from) / (12 * MINUTE));
      const working = mode === "working";
      const speed = working && this.mobile ? this.rng.int(40, 120) / 10 : working ? this.rng.int(0, 15) / 10 : 0;
      const step = speed / 6 / 111; // degrees moved in ten minutes at that speed, roughly
      const heading = (this.rng.int(0, 359) * Math.PI) / 180;
      this.pos = [this.pos[0] + Math.cos(heading) * step, this.pos[1] + Math.sin(heading) * step];
      if (k > 0) this.hours += STEP / HOUR;
      const hot = alarm === "冷却液温度过高" && k >= times.length - alarmFor;
      out.push({
        vin: this.vin,
        collected_at: t,
        engine_rpm: working ? this.rng.int(1450, 2050) : this.rng.int(690, 820),
        load_percent: working ? this.rng.int(45, 86) : this.rng.int(8, 16),
        fuel_rate_lph: working ? round(this.rng.int(100, 260) / 10, 1) : round(this.rng.int(18, 32) / 10, 1),
        coolant_c: hot ? this.rng.int(106, 112) : Math.round(18 + (working ? 70 : 55) * warm),
        working_hours: round(this.hours, 1),
        speed_kmh: speed,
        longitude: round(this.pos[0], 6),
        latitude: round(this.pos[1], 6),
        alarm: k >= times.length - alarmFor ? alarm : null,
      });
    });
    return out;
  }
}

/**
 * 非道路机械监控's demo data: for the machines of 机械信息 (every tenant's), three days of shifts
 * before today — a morning and an afternoon session, so a day has two logins; now and then a
 * day off — and today by role: working now, idling, gone offline two hours ago, or in alarm (a
 * removed terminal, logged out; an overheating engine still working). Every eighth machine has
 * never reported. Times are relative to `ctx.now`, so the states hold whenever the seed runs.
 * Deterministic: its own PRNG over the register in PIN order.
 */
export async function seedMachinery(ctx: SeedContext): Promise<void> {
  const rng = createRng(1322);
  const now = ctx.now.getTime();
  const today = chinaDayStart(now);
  const machines = await ctx.db
    .selectFrom("bss_machinery_info")
    .select(["vin", "machinery_type"])
    .orderBy("tenant_id")
    .orderBy("vin")
    .execute();
  const events: { vin: string; at: number; kind: "login" | "logout" }[] = [];
  const samples: Sample[] = [];
  const session = (run: MachineRun, from: number, to: number | null, last: number, mode: Mode, alarm?: string) => {
    events.push({ vin: run.vin, at: from, kind: "login" });
    if (to !== null) events.push({ vin: run.vin, at: to, kind: "logout" });
    samples.push(...run.shift(from + MINUTE, last, mode, alarm ?? null, alarm ? 3 : 0));
  };
  const done = new Set<string>();
  machines.forEach((m, i) => {
    // A PIN filed by two tenants is one terminal: its reports are written once.
    if (i % 8 === 7 || done.has(m.vin)) return;
    done.add(m.vin);
    const run = new MachineRun(
      m.vin,
      MOBILE.has(m.machinery_type),
      rng,
      SITES[i % SITES.length] ?? [116.4, 39.9],
      600 + i * 173,
    );
    for (const d of [3, 2, 1]) {
      if (i % 5 === 1 && d === 2) continue; // a day off
      const day = today - d * DAY;
      for (const [start, end] of [
        [7.5, 11.75],
        [13, 17.5],
      ] as const) {
        const from = day + start * HOUR + rng.int(0, 25) * MINUTE;
        const to = day + end * HOUR + rng.int(0, 25) * MINUTE;
        session(run, from, to, to - MINUTE, "working");
      }
    }
    const role = i % 6;
    const from = now - (90 + rng.int(0, 120)) * MINUTE;
    const last = now - rng.int(1, 4) * MINUTE;
    if (role <= 2) session(run, from, null, last, "working");
    else if (role === 3) session(run, from, null, last, "idle");
    else if (role === 4) session(run, now - 5 * HOUR, now - 2 * HOUR, now - 2 * HOUR - MINUTE, "working");
    else if (i % 12 === 5) session(run, now - 4 * HOUR, now - HOUR, now - HOUR - MINUTE, "working", "终端拆除报警");
    else session(run, from, null, last, "working", "冷却液温度过高");
  });
  for (let i = 0; i < events.length; i += 1000) {
    await ctx.db
      .insertInto("machine_connection")
      .values(events.slice(i, i + 1000))
      .execute();
  }
  for (let i = 0; i < samples.length; i += 1000) {
    await ctx.db
      .insertInto("machine_sample")
      .values(samples.slice(i, i + 1000))
      .execute();
  }
}
