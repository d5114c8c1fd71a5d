/**
 * The attachment port's guards against slow-loris and abuse (issue 17), with the defaults chosen
 * from what a real 苏标 terminal on 4G does:
 * - An alarm's files are a few camera JPEGs (50–500 KiB) and a clip of 5–10 s (1–4 MiB; 16 MiB is
 *   the largest taken). A terminal in poor 4G coverage uploads at 64–256 kbit/s (8–32 KiB/s);
 *   fallen back to 2G/EDGE, 20–40 kbit/s (≈ 3–5 KiB/s): a 16 MiB clip then takes ~1 h, so
 *   there is no cap on an upload's whole time, only on its rate.
 * - `firstFrameMs` 30 s: a terminal sends 0x1210 right after connecting (one round trip, even
 *   with TCP's first retransmissions ≤ 7 s). Until an accepted 0x1210 a connection has no alarm:
 *   one that says nothing valid for 30 s is closed.
 * - `minProgressBytes` 16 KiB per `progressWindowMs` 60 s (≈ 2.2 kbit/s, a tenth of the worst
 *   working link above): while a listed file is incomplete, each window must bring that many new
 *   bytes of the listed files (or all still missing, when fewer; and when none is missing, the
 *   0x1212 that completes a file). Bytes sent again, garbage and a frame trickled byte by byte do
 *   not count. A window in which the server itself is still working on this connection's frames
 *   (database or object store slow) always passes: the wait is the server's, not the terminal's.
 * - `maxPerTerminal` 2 connections of one VIN (known from its accepted 0x1210): a terminal whose
 *   old connection died half-open on 4G reconnects at once; the new one wins and the oldest is
 *   closed (its partial file is re-sent, 0x1210 信息类型 1).
 * - `maxPerAddress` 64: many terminals share one public address behind a carrier's NAT (4G CGNAT),
 *   so this is a cap on one address's share, not one per terminal.
 * - `maxConnections` 1024 in all; beyond it a connection is closed at once (the terminal retries).
 * - `maxPartialBytes` 32 MiB per connection (two of the largest files in flight; a terminal sends
 *   one after another) and `maxTotalPartialBytes` 512 MiB for the whole port: a file's buffer is
 *   taken at its first data frame; one that would pass either cap closes the connection instead.
 * Each is set by an environment variable (below); the idle time-out (60 s silent) stays.
 */
export interface AttachmentLimits {
  readonly firstFrameMs: number;
  readonly progressWindowMs: number;
  readonly minProgressBytes: number;
  readonly maxPerTerminal: number;
  readonly maxPerAddress: number;
  readonly maxConnections: number;
  readonly maxPartialBytes: number;
  readonly maxTotalPartialBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  firstFrameMs: 30_000,
  progressWindowMs: 60_000,
  minProgressBytes: 16 * 1024,
  maxPerTerminal: 2,
  maxPerAddress: 64,
  maxConnections: 1024,
  maxPartialBytes: 32 * MiB,
  maxTotalPartialBytes: 512 * MiB,
};

/** The environment variable of each limit. */
export const ATTACHMENT_LIMIT_ENV: Readonly<Record<keyof AttachmentLimits, string>> = {
  firstFrameMs: "ATTACHMENT_FIRST_FRAME_MS",
  progressWindowMs: "ATTACHMENT_PROGRESS_WINDOW_MS",
  minProgressBytes: "ATTACHMENT_MIN_PROGRESS_BYTES",
  maxPerTerminal: "ATTACHMENT_MAX_PER_TERMINAL",
  maxPerAddress: "ATTACHMENT_MAX_PER_ADDRESS",
  maxConnections: "ATTACHMENT_MAX_CONNECTIONS",
  maxPartialBytes: "ATTACHMENT_MAX_PARTIAL_BYTES",
  maxTotalPartialBytes: "ATTACHMENT_MAX_TOTAL_PARTIAL_BYTES",
};

/** The limits from the environment: each unset or empty keeps its default; anything else must be a positive integer. */
export function attachmentLimits(env: NodeJS.ProcessEnv): AttachmentLimits {
  const out: Record<string, number> = { ...DEFAULT_ATTACHMENT_LIMITS };
  for (const [key, name] of Object.entries(ATTACHMENT_LIMIT_ENV)) {
    const text = env[name];
    if (text === undefined || text === "") continue;
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${text}`);
    out[key] = n;
  }
  return out as unknown as AttachmentLimits;
}

/** Why a guard closed a connection (counted by the server). */
export type AttachmentGuard =
  | "firstFrame"
  | "slowProgress"
  | "perTerminal"
  | "perAddress"
  | "connections"
  | "partialBytes"
  | "totalPartialBytes";
