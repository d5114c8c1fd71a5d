import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Secrets } from "../platform/secrets";
import { type LinkOptions, PlatformLink } from "./link";
import { enabledPlatforms, type PlatformTarget } from "./queue";

export interface ForwarderOptions extends Partial<LinkOptions> {
  /** How often the platform list is read again (added, changed, disabled platforms). */
  refreshMs?: number;
}

export interface RunningForwarder {
  links(): readonly PlatformLink[];
  /** Reads the platform list now (tests: a platform just added). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULTS: Omit<LinkOptions, "owner" | "now"> = {
  pollMs: 1000,
  window: 200,
  answerTimeoutMs: 10_000,
  connectTimeoutMs: 5000,
  backoffMinMs: 1000,
  backoffMaxMs: 60_000,
  leaseMs: 15_000,
};

/**
 * FORWARD_LEASE_MS: how long a platform's lease outlives a process that stopped renewing it (a
 * killed one) before another may forward to it; unset: 15 s. Tests shorten it.
 */
export function forwarderOptionsFromEnv(env: NodeJS.ProcessEnv): ForwarderOptions {
  const lease = Number(env.FORWARD_LEASE_MS);
  return Number.isInteger(lease) && lease >= 1000 ? { leaseMs: lease } : {};
}

/** What a link depends on: a change restarts it. */
const signature = (p: PlatformTarget) => JSON.stringify([p.host, p.port, p.protocol, p.account, p.passwordSealed]);

/**
 * The forwarder (issue 19): one {@link PlatformLink} per enabled 转发平台账号, the list read again
 * every `refreshMs` — a new platform starts a link, a disabled or deleted one stops its link
 * (平台登出), a changed address or credential restarts it. All state is in the database
 * (`forward_cursor`, `forward_log`), so it runs inside the server's process (`npm start`) or
 * alone (`npm run forwarder`) against the same database.
 */
export function startForwarder(
  db: Kysely<Database>,
  secrets: Secrets,
  options: ForwarderOptions = {},
): RunningForwarder {
  const linkOptions: LinkOptions = {
    ...DEFAULTS,
    owner: `${process.pid}-${randomUUID()}`,
    now: () => Date.now(),
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  };
  const links = new Map<number, { link: PlatformLink; signature: string }>();
  let stopped = false;
  let refreshing: Promise<void> = Promise.resolve();

  const refreshOnce = async () => {
    if (stopped) return;
    const platforms = await enabledPlatforms(db);
    const wanted = new Map(platforms.map((p) => [p.id, p]));
    for (const [id, entry] of links) {
      const p = wanted.get(id);
      if (!p || signature(p) !== entry.signature) {
        links.delete(id);
        await entry.link.stop();
      }
    }
    for (const p of platforms)
      if (!links.has(p.id) && !stopped)
        links.set(p.id, { link: new PlatformLink(db, secrets, p, linkOptions).start(), signature: signature(p) });
  };
  const refresh = () => {
    refreshing = refreshing.then(refreshOnce).catch((e: unknown) => {
      console.warn(`forwarder: the platform list could not be read (${(e as Error).message})`);
    });
    return refreshing;
  };
  void refresh();
  const timer = setInterval(() => void refresh(), options.refreshMs ?? 5000);
  return {
    links: () => [...links.values()].map((e) => e.link),
    refresh,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await refreshing;
      await Promise.all([...links.values()].map((e) => e.link.stop()));
      links.clear();
    },
  };
}
