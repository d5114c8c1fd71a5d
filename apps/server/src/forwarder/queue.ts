import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import "../gateway/tables";
import "../services/tsp-bss/notRoadFour/tables";
import "./tables";

/** Commands forwarded: vehicle login, real-time, re-sent, logout and HJ 1239's 防拆报警 (0x06). */
const FORWARDED_COMMANDS = [0x01, 0x02, 0x03, 0x04];
const HJ_ANTI_TAMPER = 0x06;

/** A journal frame waiting for a platform. */
export interface QueuedFrame {
  id: number;
  receivedAt: number;
  vin: string;
  raw: Uint8Array;
}

/** A platform as the forwarder needs it (the password still sealed). */
export interface PlatformTarget {
  id: number;
  tenantId: number;
  name: string;
  host: string;
  port: number;
  protocol: "hj1239" | "gb32960";
  account: string;
  passwordSealed: string;
}

/** The enabled platforms. */
export async function enabledPlatforms(db: Kysely<Database>): Promise<PlatformTarget[]> {
  const rows = await db
    .selectFrom("nr4_forward_platform")
    .select(["id", "tenant_id", "name", "host", "port", "protocol", "account", "password_sealed"])
    .where("enabled", "=", true)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    host: r.host,
    port: r.port,
    protocol: r.protocol === "hj1239" ? "hj1239" : "gb32960",
    account: r.account,
    passwordSealed: r.password_sealed,
  }));
}

/** The platform's cursor row, created at 0 the first time. */
export async function cursorOf(db: Kysely<Database>, platformId: number) {
  await db
    .insertInto("forward_cursor")
    .values({ platform_id: platformId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db.selectFrom("forward_cursor").selectAll().where("platform_id", "=", platformId).executeTakeFirstOrThrow();
}

/**
 * Takes (or keeps) the platform's lease for `ms`: one forwarder process per platform, so two
 * processes on one database never send the same queue twice. A lease left by a killed process
 * is taken once it runs out. Answers whether `owner` holds it.
 */
export async function takeLease(
  db: Kysely<Database>,
  platformId: number,
  owner: string,
  now: number,
  ms: number,
): Promise<boolean> {
  await cursorOf(db, platformId);
  const r = await db
    .updateTable("forward_cursor")
    .set({ lease_owner: owner, lease_until: now + ms })
    .where("platform_id", "=", platformId)
    .where((eb) => eb.or([eb("lease_owner", "=", owner), eb("lease_owner", "is", null), eb("lease_until", "<", now)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives the lease back (a clean stop), so the next process needs not wait for it to run out. */
export async function releaseLease(db: Kysely<Database>, platformId: number, owner: string): Promise<void> {
  await db
    .updateTable("forward_cursor")
    .set({ lease_owner: null, lease_until: 0 })
    .where("platform_id", "=", platformId)
    .where("lease_owner", "=", owner)
    .execute();
}

/** The link's state for 转发统计 (and whoever looks at the table). */
export async function noteLink(
  db: Kysely<Database>,
  platformId: number,
  state: string,
  error: string | null,
  now: number,
): Promise<void> {
  await db
    .updateTable("forward_cursor")
    .set({ link_state: state, link_error: error, link_at: now })
    .where("platform_id", "=", platformId)
    .execute();
}

/** The next login serial (GB/T 32960: 1…65531, from 1 again each day), stored before it is used. */
export async function nextLoginSerial(db: Kysely<Database>, platformId: number, day: string): Promise<number> {
  const c = await cursorOf(db, platformId);
  const serial = c.login_day === day ? (c.login_serial % 65531) + 1 : 1;
  await db
    .updateTable("forward_cursor")
    .set({ login_day: day, login_serial: serial })
    .where("platform_id", "=", platformId)
    .execute();
  return serial;
}

/**
 * The platform's next frames after `afterId`, in journal order (the gateway's writer commits one
 * batch at a time, so ids rise in arrival order): accepted frames of the protocol the platform
 * speaks, of machines forwarded to it (enabled) received since their date.
 */
export async function nextFrames(
  db: Kysely<Database>,
  platform: Pick<PlatformTarget, "id" | "protocol">,
  afterId: number,
  limit: number,
): Promise<QueuedFrame[]> {
  const rows = await sql<{ id: string | number; received_at: string | number; vin: string; raw_hex: string }>`
    select f.id, f.received_at, f.vin, f.raw_hex
    from gateway_frame f
    join nr4_forward_machine m on m.pin = f.vin and m.platform_id = ${platform.id} and m.enabled
    where f.id > ${afterId} and ${queued(platform)}
    order by f.id
    limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    receivedAt: Number(r.received_at),
    vin: r.vin,
    raw: Uint8Array.from(Buffer.from(r.raw_hex, "hex")),
  }));
}

/** Which journal frames (alias f, machines m) are the platform's. */
function queued(platform: Pick<PlatformTarget, "protocol">) {
  const protocol =
    platform.protocol === "hj1239"
      ? sql`f.edition is null and f.raw_hex like '2323%' and f.command in (${sql.join([...FORWARDED_COMMANDS, HJ_ANTI_TAMPER])})`
      : sql`f.edition is not null and f.command in (${sql.join(FORWARDED_COMMANDS)})`;
  return sql`f.status = 'ok' and f.received_at >= m.since and ${protocol}`;
}

/**
 * How many of the platform's frames received in [from, to) wait after its cursor, per China day
 * (days since the epoch, UTC+8) — 转发统计's pending.
 */
export async function pendingByDay(
  db: Kysely<Database>,
  platform: Pick<PlatformTarget, "id" | "protocol">,
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const rows = await sql<{ day: string | number; n: string | number }>`
    select floor((f.received_at + 28800000) / 86400000) as day, count(*) as n
    from gateway_frame f
    join nr4_forward_machine m on m.pin = f.vin and m.platform_id = ${platform.id} and m.enabled
    where f.received_at >= ${from} and f.received_at < ${to}
      and f.id > coalesce((select last_frame_id from forward_cursor where platform_id = ${platform.id}), 0)
      and ${queued(platform)}
    group by 1`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.day), Number(r.n)]));
}

/** What the platform answered to one frame. */
export interface Answered {
  frame: QueuedFrame;
  sentAt: number;
  answeredAt: number;
  sentCommand: number;
  resent: boolean;
  accepted: boolean;
}

/**
 * Moves the cursor to the last answered frame and logs every answered one, in one transaction:
 * after a crash the queue resumes right after what the platform answered — nothing lost, and
 * nothing the platform answered is sent again. The cursor only moves from `fromId` (a second
 * writer would find it moved and write nothing): answers whether it moved.
 */
export async function acknowledge(
  db: Kysely<Database>,
  platformId: number,
  fromId: number,
  answered: readonly Answered[],
): Promise<boolean> {
  const last = answered.at(-1);
  if (!last) return true;
  const write = async (trx: Kysely<Database>) => {
    const moved = await trx
      .updateTable("forward_cursor")
      .set({ last_frame_id: last.frame.id })
      .where("platform_id", "=", platformId)
      .where("last_frame_id", "=", fromId)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto("forward_log")
      .values(
        answered.map((a) => ({
          platform_id: platformId,
          frame_id: a.frame.id,
          vin: a.frame.vin,
          received_at: a.frame.receivedAt,
          sent_at: a.sentAt,
          answered_at: a.answeredAt,
          sent_command: a.sentCommand,
          resent: a.resent,
          outcome: a.accepted ? ("acked" as const) : ("refused" as const),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    return true;
  };
  // Inside the seed's transaction already: one transaction either way.
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}
