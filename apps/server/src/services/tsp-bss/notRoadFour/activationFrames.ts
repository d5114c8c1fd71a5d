import {
  ACTIVATION_RESULT_LABELS,
  type ActivationResultCode,
  decodeActivationRequest,
  decodeKeySyncRequest,
  encodeActivationAnswer,
  encodeKeySyncAnswer,
  type FrameError,
  isActivationState,
  judgeActivation,
  judgeKeySync,
  KEY_SYNC_RESULT_LABELS,
  type KeySyncResultCode,
  stateAfter,
} from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import "../baseInfoRest/tables";
import "./documentTables";

/**
 * The terminal side of 终端远程激活: a terminal's 0x09 激活 and 0x0B 密钥同步 frames judged against
 * 监管终端管理 and the terminal's state, answered, and kept in its history. One code for both
 * ways a frame arrives: the GB/T 32960 gateway (a terminal's TCP connection, any tenant) and the
 * hand-off call `reportTerminalActivation` (the caller's tenants).
 */

/** Where the terminal is looked for: the caller's tenants (own first), or every tenant (the gateway). */
export type FrameScope = { readonly tenantIds: readonly number[]; readonly own: number } | "all";

/** What a frame came to. `unknown`: no terminal of that id in the scope (nothing stored). */
export type FrameOutcome =
  | { readonly kind: "bad"; readonly error: FrameError }
  | {
      readonly kind: "unknown" | "judged";
      /** The answer frame, hex. */
      readonly answer: string;
      readonly terminalId: string;
      readonly ok: boolean;
      /** Why it failed (Chinese), null on success. */
      readonly reason: string | null;
    };

type Terminal = {
  tenant_id: number;
  terminal_id: string;
  machinery_pin: string | null;
  chip_id: string;
  state: string | null;
  public_key: string | null;
  key_version: number | null;
};

/** The terminal `terminalId` in the scope: bound to `pin` first, then the caller's own tenant, then the lowest tenant. */
async function terminalIn(db: Kysely<Database>, scope: FrameScope, terminalId: string, pin: string) {
  let q = db
    .selectFrom("bss_black_box as b")
    .leftJoin("nr4_activation as a", (j) =>
      j.onRef("a.tenant_id", "=", "b.tenant_id").onRef("a.terminal_id", "=", "b.terminal_id"),
    )
    .select([
      "b.tenant_id",
      "b.terminal_id",
      "b.machinery_pin",
      "b.chip_id",
      "a.state",
      "a.public_key",
      "a.key_version",
    ])
    .where("b.terminal_id", "=", terminalId)
    .orderBy(sql`b.machinery_pin is not distinct from ${pin}`, "desc");
  if (scope !== "all") {
    const ids = scope.tenantIds.length > 0 ? scope.tenantIds : [-1];
    q = q.where(sql<SqlBool>`b.tenant_id in (${sql.join(ids)})`).orderBy(sql`b.tenant_id = ${scope.own}`, "desc");
  }
  return (await q.orderBy("b.tenant_id").limit(1).executeTakeFirst()) as Terminal | undefined;
}

const eventBase = (t: Terminal, now: number) => ({
  tenant_id: t.tenant_id,
  terminal_id: t.terminal_id,
  at: now,
  create_name: null,
});

/**
 * A 0x09: judged (asked for and bound to the frame's PIN, the registered chip, a well-formed key,
 * the same key as the last activation), the state moved only while 激活中, both frames kept.
 */
export async function activationFrame(
  db: Kysely<Database>,
  frameHex: string,
  now: number,
  scope: FrameScope,
): Promise<FrameOutcome> {
  const decoded = decodeActivationRequest(frameHex);
  if (!decoded.ok) return { kind: "bad", error: decoded.error };
  const req = decoded.value;
  const t = await terminalIn(db, scope, req.terminalId, req.pin);
  const state = t && isActivationState(t.state) ? t.state : "inactive";
  const result: ActivationResultCode = t
    ? judgeActivation(
        {
          registered: state === "activating" && t.machinery_pin === req.pin,
          chipId: t.chip_id,
          activeKey: t.public_key,
        },
        req,
      )
    : "notRegistered";
  const answer = encodeActivationAnswer({ pin: req.pin, at: now, serial: req.serial, result });
  // The request was decoded, so its PIN and serial are writable; the clock is the only other input.
  if (!answer.ok) return { kind: "bad", error: answer.error };
  const reason = result === "ok" ? null : ACTIVATION_RESULT_LABELS[result];
  const outcome = { answer: answer.value, terminalId: req.terminalId, ok: result === "ok", reason };
  if (!t) return { kind: "unknown", ...outcome };
  await db.transaction().execute(async (trx) => {
    if (state === "activating") {
      const set = {
        state: stateAfter(result),
        reason,
        answered_at: now,
        // The key version stays: an activation confirms the same key, and an old 0x0B must stay old.
        ...(result === "ok" ? { public_key: req.publicKey } : {}),
      };
      await trx
        .insertInto("nr4_activation")
        .values({ tenant_id: t.tenant_id, terminal_id: t.terminal_id, ...set })
        .onConflict((oc) => oc.columns(["tenant_id", "terminal_id"]).doUpdateSet(set))
        .execute();
    }
    await trx
      .insertInto("nr4_activation_event")
      .values([
        { ...eventBase(t, now), event: "reported", result: null, reason: null, frame: frameHex.toUpperCase() },
        { ...eventBase(t, now), event: "answered", result, reason, frame: answer.value },
      ])
      .execute();
  });
  return { kind: "judged", ...outcome };
}

/**
 * A 0x0B: judged (bound to the frame's PIN, the registered chip, 已激活, a well-formed key, a
 * version above the stored one); on success the new key and version replace the stored ones —
 * later activations and signatures are checked against it. Both frames kept.
 */
export async function keySyncFrame(
  db: Kysely<Database>,
  frameHex: string,
  now: number,
  scope: FrameScope,
): Promise<FrameOutcome> {
  const decoded = decodeKeySyncRequest(frameHex);
  if (!decoded.ok) return { kind: "bad", error: decoded.error };
  const req = decoded.value;
  const t = await terminalIn(db, scope, req.terminalId, req.pin);
  const result: KeySyncResultCode = t
    ? judgeKeySync(
        {
          registered: t.machinery_pin === req.pin,
          chipId: t.chip_id,
          active: t.state === "active",
          keyVersion: t.key_version,
        },
        req,
      )
    : "notRegistered";
  const held = result === "ok" ? req.keyVersion : (t?.key_version ?? 0);
  const answer = encodeKeySyncAnswer({ pin: req.pin, at: now, serial: req.serial, result, keyVersion: held });
  if (!answer.ok) return { kind: "bad", error: answer.error };
  const reason = result === "ok" ? null : KEY_SYNC_RESULT_LABELS[result];
  const outcome = { answer: answer.value, terminalId: req.terminalId, ok: result === "ok", reason };
  if (!t) return { kind: "unknown", ...outcome };
  await db.transaction().execute(async (trx) => {
    if (result === "ok")
      await trx
        .updateTable("nr4_activation")
        .set({ public_key: req.publicKey, key_version: req.keyVersion, answered_at: now })
        .where("tenant_id", "=", t.tenant_id)
        .where("terminal_id", "=", t.terminal_id)
        .execute();
    await trx
      .insertInto("nr4_activation_event")
      .values([
        { ...eventBase(t, now), event: "keySync", result: null, reason: null, frame: frameHex.toUpperCase() },
        { ...eventBase(t, now), event: "keySyncAnswered", result, reason, frame: answer.value },
      ])
      .execute();
  });
  return { kind: "judged", ...outcome };
}
