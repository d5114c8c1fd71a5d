/** A TCP port from the environment: undefined when unset or empty, else 0..65535. */
function portFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === "") return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be 0..65535, got ${text}`);
  }
  return port;
}

/**
 * GATEWAY_PORT: the GB/T 32960 gateway's TCP port, or undefined when unset or empty. `npm run
 * gateway` defaults it to 32960 and `npm start` (scripts/start.mjs) too; the server itself runs
 * the gateway only when it is set (tests start many servers, and a fixed port would collide).
 */
export function gatewayPort(env: NodeJS.ProcessEnv): number | undefined {
  return portFrom(env, "GATEWAY_PORT");
}

/** JT808_PORT: the JT/T 808 listener's port (defaults as GATEWAY_PORT's, 8808); unset or empty: none. */
export function jt808Port(env: NodeJS.ProcessEnv): number | undefined {
  return portFrom(env, "JT808_PORT");
}

/** HJ1239_PORT: the HJ 1239 (燃油车国标数据) listener's port (defaults as GATEWAY_PORT's, 1239); unset or empty: none. */
export function hj1239Port(env: NodeJS.ProcessEnv): number | undefined {
  return portFrom(env, "HJ1239_PORT");
}

/**
 * ATTACHMENT_PORT: the 苏标 attachment server's port (defaults as GATEWAY_PORT's, 8809); unset or
 * empty: none. ATTACHMENT_HOST: the address terminals are told in 0x9208 (default HOST).
 */
export function attachmentPort(env: NodeJS.ProcessEnv): number | undefined {
  return portFrom(env, "ATTACHMENT_PORT");
}

/** ATTACHMENT_HOST (see {@link attachmentPort}); undefined when unset or empty. */
export function attachmentHost(env: NodeJS.ProcessEnv): string | undefined {
  const text = env.ATTACHMENT_HOST;
  return text === undefined || text === "" ? undefined : text;
}

/** SIMULATE: how many demo vehicles the server's own fleet simulator drives (unset, empty or 0: none). */
export function simulateCount(env: NodeJS.ProcessEnv): number {
  const text = env.SIMULATE;
  if (text === undefined || text === "") return 0;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 100_000) throw new Error(`SIMULATE must be 0..100000, got ${text}`);
  return n;
}

/**
 * SIMULATE_SLEEPING: comma-separated VINs of the register whose simulated GB/T 32960 T-BOXes start
 * asleep and wake on a wake-up SMS (TBOX唤醒); they run besides SIMULATE's fleet. Unset or empty: none.
 */
export function sleepingVins(env: NodeJS.ProcessEnv): string[] {
  const text = env.SIMULATE_SLEEPING ?? "";
  const vins = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const vin of vins) if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) throw new Error(`SIMULATE_SLEEPING: bad VIN ${vin}`);
  return vins;
}

/**
 * GATEWAY_WRITERS: the frame writer's lanes (batches written at once, gateway/frameStore.ts).
 * PostgreSQL: unset or empty 4 (of the pool's 10 connections), 1..8; PGlite has one connection: always 1.
 */
export function gatewayWriters(env: NodeJS.ProcessEnv, dbKind: "pglite" | "postgres"): number {
  if (dbKind === "pglite") return 1;
  const text = env.GATEWAY_WRITERS;
  if (text === undefined || text === "") return 4;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`GATEWAY_WRITERS must be 1..8, got ${text}`);
  return n;
}
