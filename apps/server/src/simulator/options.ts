import { parseArgs } from "node:util";
import type { SimProtocol } from "./fleet";

/** What `npm run simulate -- …` was asked for. */
export interface SimulateOptions {
  readonly vehicles: number;
  /** Non-road machines of 机械信息 (HJ 1322 on the HJ 1239 port), with mixed and hj1239 only. */
  readonly machines: number;
  readonly protocol: SimProtocol;
  readonly host: string;
  readonly port: number;
  readonly jt808Port: number;
  readonly hj1239Port: number;
  /** Seconds between two reports of a vehicle. */
  readonly rate: number;
  readonly timeScale: number;
  readonly seed: number;
  /** Stop after this many seconds (0: until ctrl-C). */
  readonly duration: number;
  /** The server whose T-BOX register names the fleet (when DATABASE_URL is not set). */
  readonly api: string;
  /** Remote commands: seconds before a terminal answers, shares answered 错误 and never answered. */
  readonly commandDelay: number;
  readonly commandFailRate: number;
  readonly commandSilentRate: number;
}

export const SIMULATE_USAGE = `npm run simulate -- [--vehicles N] [--machines N] [--protocol mixed|gbt32960|jt808|hj1239] [--host H] [--port P]
  [--jt808-port P] [--hj1239-port P] [--rate SECONDS] [--time-scale X] [--seed N] [--duration SECONDS] [--api URL]
  [--command-delay SECONDS] [--command-fail-rate 0..1] [--command-silent-rate 0..1]
Drives N vehicles of the seeded fleet against a gateway (default 127.0.0.1, GB/T 32960 on 32960, JT/T 808 on 8808,
HJ 1239 on 1239; mixed: each vehicle its T-BOX's protocol, the diesel trucks' HJ 1239),
one report every --rate seconds each (default 10). With mixed and hj1239, --machines N (default 5) machines of
机械信息 with a fitted supervision terminal report their PIN over HJ 1322 on the HJ 1239 port as well. The fleet is read from DATABASE_URL when set, else from the
T-BOX register of the server at --api (default http://127.0.0.1:8080, client tsp-automation).
GB/T 32960 terminals answer remote commands (0x80 query, 0x81 set — a new report period thins their reports —, 0x82
control) after --command-delay seconds (default 0); --command-fail-rate of them answer 错误, --command-silent-rate never.`;

function int(text: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be ${min}..${max}, got ${text}`);
  return n;
}

/** Reads the command line; throws with the reason on a bad value. */
export function parseSimulateArgs(args: readonly string[]): SimulateOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      vehicles: { type: "string" },
      machines: { type: "string" },
      protocol: { type: "string" },
      host: { type: "string" },
      port: { type: "string" },
      "jt808-port": { type: "string" },
      "hj1239-port": { type: "string" },
      rate: { type: "string" },
      "time-scale": { type: "string" },
      seed: { type: "string" },
      duration: { type: "string" },
      api: { type: "string" },
      "command-delay": { type: "string" },
      "command-fail-rate": { type: "string" },
      "command-silent-rate": { type: "string" },
    },
    strict: true,
  });
  const protocol = values.protocol ?? "mixed";
  if (protocol !== "mixed" && protocol !== "gbt32960" && protocol !== "jt808" && protocol !== "hj1239") {
    throw new Error(`--protocol must be mixed, gbt32960, jt808 or hj1239, got ${protocol}`);
  }
  return {
    vehicles: Math.floor(int(values.vehicles, 20, "vehicles", 1, 100_000)),
    machines: Math.floor(int(values.machines, 5, "machines", 0, 100_000)),
    protocol,
    host: values.host ?? "127.0.0.1",
    port: Math.floor(int(values.port, 32960, "port", 1, 65535)),
    jt808Port: Math.floor(int(values["jt808-port"], 8808, "jt808-port", 1, 65535)),
    hj1239Port: Math.floor(int(values["hj1239-port"], 1239, "hj1239-port", 1, 65535)),
    rate: int(values.rate, 10, "rate", 0.05, 3600),
    timeScale: int(values["time-scale"], 1, "time-scale", 0.001, 10_000),
    seed: Math.floor(int(values.seed, 32960, "seed", 0, 2 ** 31)),
    duration: int(values.duration, 0, "duration", 0, 365 * 86400),
    api: values.api ?? "http://127.0.0.1:8080",
    commandDelay: int(values["command-delay"], 0, "command-delay", 0, 3600),
    commandFailRate: int(values["command-fail-rate"], 0, "command-fail-rate", 0, 1),
    commandSilentRate: int(values["command-silent-rate"], 0, "command-silent-rate", 0, 1),
  };
}
