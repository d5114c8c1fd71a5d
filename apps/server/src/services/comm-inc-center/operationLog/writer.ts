import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import "./tables";

/** One entry of the operation log, as the HTTP hook (or the seed) has gathered it. */
export interface OperationLogEntry {
  at: number;
  tenantId: number;
  accountId: number;
  username: string;
  operationId: string;
  operation: string;
  method: string;
  path: string;
  target: string;
  params: string;
  success: boolean;
  status: number;
  msg: string;
  ip: string;
  userAgent: string;
  durationMs: number;
}

/** Writes still under way per database handle (so servers sharing a process never wait on each other). */
const pending = new WeakMap<Kysely<Database>, Set<Promise<void>>>();

/** Inserts one entry; the account's real name is read in the same statement (a snapshot, as the log is). */
export async function insertOperationLog(db: Kysely<Database>, e: OperationLogEntry): Promise<void> {
  await db
    .insertInto("operation_log")
    .values((eb) => ({
      at: e.at,
      tenant_id: e.tenantId,
      account_id: e.accountId,
      username: e.username,
      real_name: eb.fn.coalesce(
        eb.selectFrom("account").select("real_name").where("id", "=", e.accountId),
        eb.val(e.username),
      ),
      operation_id: e.operationId,
      operation: e.operation,
      method: e.method,
      path: e.path,
      target: e.target,
      params: e.params,
      success: e.success,
      status: e.status,
      msg: e.msg,
      ip: e.ip,
      user_agent: e.userAgent,
      duration_ms: Math.max(0, Math.round(e.durationMs)),
    }))
    .execute();
}

/**
 * Writes an entry (or one still being completed: the hook's waits for the end of its answer), without holding up the request or ever failing
 * it: a failed write goes to `onError` (the server log). Until it is done it is counted as
 * pending, so {@link flushOperationLog} — which the log's own list, detail and export call
 * first — sees every call answered before it.
 */
export function recordOperationLog(
  db: Kysely<Database>,
  entry: OperationLogEntry | Promise<OperationLogEntry>,
  onError: (err: unknown) => void,
): void {
  let set = pending.get(db);
  if (!set) {
    set = new Set();
    pending.set(db, set);
  }
  const own = set;
  const write = Promise.resolve(entry)
    .then((e) => insertOperationLog(db, e))
    .catch(onError)
    .finally(() => own.delete(write));
  own.add(write);
}

/** Resolves when every entry recorded so far on this database is written (or has failed). */
export async function flushOperationLog(db: Kysely<Database>): Promise<void> {
  const set = pending.get(db);
  if (set && set.size > 0) await Promise.all(set);
}
