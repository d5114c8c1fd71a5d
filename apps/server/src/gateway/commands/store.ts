import { EventEmitter } from "node:events";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema";
import "./tables";
import { type CommandKind, type CommandState, type GatewayCommandTable, OPEN_STATES } from "./tables";

/** Kinds this GB/T 32960 dispatcher does not send over the connection. */
const NOT_GBT_KINDS: readonly CommandKind[] = [
  "wakeUp",
  "cameraShoot",
  "avQuery",
  "avSet",
  "jt808TerminalControl",
  "jt808VehicleControl",
  "jt808ParamQuery",
  "jt808ParamSet",
];

/**
 * Says `queued` with the VIN after a command's queue transaction commits, so a dispatcher in this
 * process sends it at once instead of at its next poll (the poll stays for commands queued by
 * another process and for the TTL sweep).
 */
export const commandSignals = new EventEmitter<{ queued: [vin: string] }>();
commandSignals.setMaxListeners(0);

/** A command row with numbers as numbers (PostgreSQL returns bigint as text). */
export type CommandRow = Omit<
  Selectable<GatewayCommandTable>,
  "id" | "created_at" | "expires_at" | "sent_at" | "wire_time" | "acknowledged_at" | "finished_at"
> & {
  id: number;
  created_at: number;
  expires_at: number;
  sent_at: number | null;
  wire_time: number | null;
  acknowledged_at: number | null;
  finished_at: number | null;
};

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function commandRow(r: Selectable<GatewayCommandTable>): CommandRow {
  return {
    ...r,
    id: Number(r.id),
    tenant_id: Number(r.tenant_id),
    created_at: Number(r.created_at),
    expires_at: Number(r.expires_at),
    sent_at: n(r.sent_at),
    wire_time: n(r.wire_time),
    acknowledged_at: n(r.acknowledged_at),
    finished_at: n(r.finished_at),
  };
}

async function event(
  tx: Transaction<Database> | Kysely<Database>,
  commandId: number,
  state: CommandState,
  at: number,
  note: string | null = null,
) {
  await tx.insertInto("gateway_command_event").values({ command_id: commandId, state, at, note }).execute();
}

export interface NewCommand {
  readonly tenantId: number;
  readonly vin: string;
  readonly kind: CommandKind;
  readonly params: unknown;
  readonly sender: string;
  readonly ttlMs: number;
}

/** Writes a command `queued` with its first event, in one transaction (nothing goes out before this commits). */
export async function queueCommand(db: Kysely<Database>, c: NewCommand, now: number): Promise<CommandRow> {
  const queued = await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("gateway_command")
      .values({
        tenant_id: c.tenantId,
        vin: c.vin,
        kind: c.kind,
        params: JSON.stringify(c.params),
        sender: c.sender,
        state: "queued",
        created_at: now,
        expires_at: now + c.ttlMs,
        sent_at: null,
        wire_time: null,
        acknowledged_at: null,
        finished_at: null,
        reason: null,
        answer: null,
        answer_hex: null,
        request_hex: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const r = commandRow(row);
    await event(tx, r.id, "queued", now, `由${c.sender}发送`);
    return r;
  });
  commandSignals.emit("queued", c.vin);
  return queued;
}

/**
 * Moves every open command whose TTL passed to `expired` (the sweep; the clock comes in). A
 * command sent but never answered expires too: the terminal may have it, so it says so.
 */
export async function expireCommands(db: Kysely<Database>, now: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .updateTable("gateway_command")
      .set((eb) => ({
        state: "expired",
        finished_at: now,
        reason: eb
          .case()
          .when("state", "=", "queued")
          .then("超过有效期仍未下发（车辆未在线）")
          .when("state", "=", "smsSent")
          .then("唤醒短信已发送，有效期内车辆未登入")
          .else("超过有效期未收到终端应答")
          .end(),
      }))
      .where("state", "in", OPEN_STATES)
      .where("expires_at", "<=", now)
      .returning(["id", "reason"])
      .execute();
    for (const r of rows) await event(tx, Number(r.id), "expired", now, r.reason);
    return rows.length;
  });
}

/** Cancels a queued command of the caller's tenants; false when it is not queued (sent ones cannot be called back). */
export async function cancelCommand(
  db: Kysely<Database>,
  id: number,
  tenantIds: readonly number[],
  who: string,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("gateway_command")
      .set({ state: "cancelled", finished_at: now, reason: `${who}撤销` })
      .where("id", "=", id)
      .where("tenant_id", "in", tenantIds.length > 0 ? [...tenantIds] : [-1])
      .where("state", "=", "queued")
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await event(tx, id, "cancelled", now, `${who}撤销`);
    return true;
  });
}

/**
 * Claims the VIN's next command to send, or undefined: none queued and unexpired, or one still
 * waiting for its answer (commands to one VIN go one at a time, in order). The claim writes
 * `sent` and the wire time before the bytes go out, so a crash after it never sends twice. The
 * wire time is whole seconds (the frame's time field) and later than the VIN's previous one,
 * so an answer matches exactly one command.
 */
export async function claimNext(
  db: Kysely<Database>,
  vin: string,
  now: number,
  /** Only these kinds (a sender of one protocol claims only the kinds it writes). */
  kinds?: readonly CommandKind[],
): Promise<CommandRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const waiting = await tx
      .selectFrom("gateway_command")
      .select("id")
      .where("vin", "=", vin)
      .where("state", "in", ["sent", "acknowledged"])
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (waiting) return undefined;
    const next = await tx
      .selectFrom("gateway_command")
      .select("id")
      .where("vin", "=", vin)
      .where("state", "=", "queued")
      // Wake-ups go by SMS and JT/T 808 kinds by their own sender, which names its kinds: by
      // default (the GB/T 32960 dispatcher) only GB/T 32960 commands.
      .$if(kinds === undefined, (q) => q.where("kind", "not in", NOT_GBT_KINDS))
      .$if(kinds !== undefined, (q) => q.where("kind", "in", kinds as CommandKind[]))
      .where("expires_at", ">", now)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const last = await tx
      .selectFrom("gateway_command")
      .select((eb) => eb.fn.max("wire_time").as("last"))
      .where("vin", "=", vin)
      .executeTakeFirst();
    const wire = Math.max(Math.floor(now / 1000) * 1000, (n(last?.last) ?? 0) + 1000);
    const row = await tx
      .updateTable("gateway_command")
      .set({ state: "sent", sent_at: now, wire_time: wire })
      .where("id", "=", Number(next.id))
      .where("state", "=", "queued")
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await event(tx, Number(row.id), "sent", now);
    return commandRow(row);
  });
}

/**
 * Claims the next command of each of these VINs in ONE statement (the dispatcher's bulk claim,
 * issue 17): per VIN the oldest queued, unexpired command of the GB/T 32960 kinds, only when none
 * of the VIN's commands is in flight (sent or acknowledged), moved to `sent` with its wire time
 * (as claimNext: whole seconds, later than the VIN's previous one) and its `sent` event. Rows
 * another claimer holds are skipped (FOR UPDATE SKIP LOCKED), and a VIN whose oldest command is
 * skipped gets nothing this round — a later command never overtakes it. Written before the bytes
 * go out, like claimNext, so a crash after it never sends twice.
 */
export async function claimDue(db: Kysely<Database>, vins: readonly string[], now: number): Promise<CommandRow[]> {
  if (vins.length === 0) return [];
  const second = Math.floor(now / 1000) * 1000;
  const result = await sql<Selectable<GatewayCommandTable>>`
    with firsts as (
      select min(c.id) as id
      from gateway_command c
      where c.state = 'queued'
        and c.expires_at > ${now}
        and c.vin in (${sql.join(vins)})
        and c.kind not in (${sql.join(NOT_GBT_KINDS)})
        and not exists (
          select 1 from gateway_command w
          where w.vin = c.vin and w.state in ('sent', 'acknowledged') and w.expires_at > ${now}
        )
      group by c.vin
    ),
    locked as (
      select c.id, c.vin
      from gateway_command c
      where c.id in (select id from firsts) and c.state = 'queued'
      for update skip locked
    ),
    claimed as (
      update gateway_command c
      set state = 'sent',
          sent_at = ${now},
          wire_time = greatest(
            ${second}::bigint,
            coalesce((select max(p.wire_time) from gateway_command p where p.vin = c.vin), 0) + 1000
          )
      from locked
      where c.id = locked.id
      returning c.*
    ),
    events as (
      insert into gateway_command_event (command_id, state, at, note)
      select id, 'sent', ${now}, null from claimed
    )
    select * from claimed order by id`.execute(db);
  return result.rows.map(commandRow);
}

/** Keeps the command frames as written (远程控制联调), all of one dispatch round in one statement. */
export async function recordRequests(
  db: Kysely<Database>,
  requests: readonly { readonly id: number; readonly hex: string }[],
): Promise<void> {
  if (requests.length === 0) return;
  const values = sql.join(requests.map((r) => sql`(${r.id}::bigint, ${r.hex}::text)`));
  await sql`
    update gateway_command c set request_hex = v.hex
    from (values ${values}) as v(id, hex)
    where c.id = v.id`.execute(db);
}

/** Marks a claimed command failed when its bytes could not be written (the connection closed meanwhile). */
export async function failCommand(db: Kysely<Database>, id: number, reason: string, now: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("gateway_command")
      .set({ state: "failed", finished_at: now, reason })
      .where("id", "=", id)
      .where("state", "in", OPEN_STATES)
      .returning("id")
      .executeTakeFirst();
    if (row) await event(tx, id, "failed", now, reason);
  });
}

export interface CommandAnswer {
  readonly vin: string;
  /** The kinds the answer's command can be (0x82 answers both terminal and remote control). */
  readonly kinds: readonly CommandKind[];
  readonly wireTime: number;
  readonly success: boolean;
  readonly reason: string | null;
  readonly answer: unknown;
  readonly answerHex: string;
}

/**
 * Records a terminal's answer to the sent command of that VIN, kind and wire time: acknowledged
 * (the answer arrived), then success or failed (its response flag, or an unreadable answer).
 * GB/T 32960's answer is both the acknowledgement and the result, so both steps carry its time.
 * An answer matching no open command (late, after expiry; or a duplicate) changes nothing.
 */
export async function recordAnswer(
  db: Kysely<Database>,
  a: CommandAnswer,
  now: number,
): Promise<CommandRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const state: CommandState = a.success ? "success" : "failed";
    const row = await tx
      .updateTable("gateway_command")
      .set({
        state,
        acknowledged_at: now,
        finished_at: now,
        reason: a.reason,
        answer: a.answer === undefined ? null : JSON.stringify(a.answer),
        answer_hex: a.answerHex,
      })
      .where("vin", "=", a.vin)
      .where("kind", "in", a.kinds)
      .where("wire_time", "=", a.wireTime)
      .where("state", "in", ["sent", "acknowledged"])
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await event(tx, Number(row.id), "acknowledged", now, "收到终端应答");
    await event(tx, Number(row.id), state, now, a.reason);
    return commandRow(row);
  });
}

/** Wake-up commands waiting for their SMS (queued, unexpired), oldest first. */
export async function queuedWakeUps(db: Kysely<Database>, now: number): Promise<CommandRow[]> {
  const rows = await db
    .selectFrom("gateway_command")
    .selectAll()
    .where("kind", "=", "wakeUp")
    .where("state", "=", "queued")
    .where("expires_at", ">", now)
    .orderBy("id")
    .limit(100)
    .execute();
  return rows.map(commandRow);
}

/** A wake-up command's SMS went out: queued → smsSent. */
export async function markSmsSent(db: Kysely<Database>, id: number, note: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable("gateway_command")
      .set({ state: "smsSent", sent_at: now })
      .where("id", "=", id)
      .where("state", "=", "queued")
      .returning("id")
      .executeTakeFirst();
    if (row) await event(tx, id, "smsSent", now, note);
    return row !== undefined;
  });
}

/**
 * The VIN logged in (its login's report time `loginTs`): its open wake-up commands succeed. A
 * login after a wake-up SMS is a wake-up login: the SMS records it (GB/T 32960 2016 has no login
 * type, so the platform records it as such) and the registration history says so.
 */
export async function completeWakeUps(
  db: Kysely<Database>,
  vin: string,
  loginTs: number | null,
  now: number,
): Promise<number[]> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .updateTable("gateway_command")
      .set({ state: "success", acknowledged_at: now, finished_at: now, reason: null })
      .where("vin", "=", vin)
      .where("kind", "=", "wakeUp")
      .where("state", "in", ["queued", "smsSent"])
      .where("expires_at", ">", now)
      .returning(["id", "state"])
      .execute();
    const ids = rows.map((r) => Number(r.id));
    if (ids.length === 0) return ids;
    for (const id of ids)
      await event(tx, id, "success", now, loginTs === null ? "车辆在线，无需唤醒" : "车辆已唤醒并登入");
    if (loginTs !== null) {
      const woken = await tx
        .updateTable("gateway_sms")
        .set({ login_at: loginTs })
        .where("command_id", "in", ids)
        .where("login_at", "is", null)
        .returning("id")
        .execute();
      if (woken.length > 0) {
        await tx
          .insertInto("gateway_registration")
          .values({
            vin,
            protocol: "gbt32960",
            terminal_id: null,
            phone: null,
            message: "wakeLogin",
            result: 0,
            note: "唤醒短信后登入",
            at: loginTs,
          })
          .execute();
      }
    }
    return ids;
  });
}
