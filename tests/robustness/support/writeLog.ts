import { type Kysely, sql } from "kysely";
import { AUDIT_TABLES } from "./fingerprint";

/**
 * A record of every row written to the database, kept by triggers the robustness suites install
 * on a test server's database: "did this refused request write anything?" becomes one indexed
 * read instead of a checksum of every row of every table (`fingerprint.ts`), which had become
 * most of the bad-input suite's time (2,896 requests × ~150 tables).
 *
 * Just as strict, stricter in two ways:
 * - every table of the public schema gets a row-level AFTER INSERT/UPDATE/DELETE trigger and a
 *   statement-level AFTER TRUNCATE trigger (a partitioned table's triggers are cloned onto every
 *   partition, also those made later), each appending (table, operation) to
 *   `robustness_audit.write` in the writer's own transaction — a write rolled back leaves no
 *   trace, a committed one always does;
 * - an UPDATE that rewrites a row with the same values counts as a write (a checksum cannot see
 *   it), and so does a table created outside the triggers' reach (the relation count of the
 *   public schema is part of every mark).
 * Audit tables (`AUDIT_TABLES`: the operation log records refused calls by design) get no trigger.
 * `writeLog.test.ts`… lives in badInput.test.ts: it plants writes of each kind and sees them.
 */
export interface WriteLog {
  /** Where the log stands now: the newest write's id and the number of relations. */
  mark(): Promise<WriteMark>;
  /** What was written since `mark`, as "table t: n writes (INSERT, UPDATE)" lines; empty when nothing. */
  since(mark: WriteMark): Promise<string[]>;
}

export interface WriteMark {
  id: string;
  relations: string;
}

/** Installs the triggers (idempotent) and answers the log's reader. Test databases only. */
export async function installWriteLog(db: Kysely<unknown>): Promise<WriteLog> {
  await sql`create schema if not exists robustness_audit`.execute(db);
  await sql`create table if not exists robustness_audit.write (
    id bigint generated always as identity primary key,
    relid oid not null,
    op text not null
  )`.execute(db);
  await sql
    .raw(`create or replace function robustness_audit.record() returns trigger language plpgsql as $$
    begin
      insert into robustness_audit.write (relid, op) values (TG_RELID, TG_OP);
      return null;
    end $$`)
    .execute(db);
  await coverNewTables(db);
  let relations = await relationCount(db);

  return {
    async mark() {
      const now = await relationCount(db);
      // A table made since (a migration mid-test, a module created on demand): cover it too.
      if (now !== relations) {
        await coverNewTables(db);
        relations = now;
      }
      const r = await sql<{ id: string }>`select coalesce(max(id), 0)::text as id from robustness_audit.write`.execute(
        db,
      );
      return { id: r.rows[0]?.id ?? "0", relations: now };
    },
    async since(mark) {
      const out: string[] = [];
      const now = await relationCount(db);
      if (now !== mark.relations) out.push(`schema public: ${mark.relations} → ${now} relations`);
      // A partition's writes are named by its partitioned table (the name the code knows).
      const r = await sql<{ name: string; writes: string; ops: string }>`
        select coalesce(pg_partition_root(w.relid), w.relid)::regclass::text as name,
               count(*)::text as writes, string_agg(distinct w.op, ', ' order by w.op) as ops
        from robustness_audit.write w
        where w.id > ${mark.id}::bigint
        group by 1 order by 1`.execute(db);
      for (const row of r.rows) out.push(`table ${row.name}: ${row.writes} writes (${row.ops})`);
      return out;
    },
  };
}

/** Adds the two triggers to every table (plain or partitioned, not a partition) that lacks them. */
async function coverNewTables(db: Kysely<unknown>): Promise<void> {
  const r = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'robustness_row_write')
    order by 1`.execute(db);
  for (const { name } of r.rows) {
    if (AUDIT_TABLES.has(name)) continue;
    const table = `"public"."${name.replaceAll('"', '""')}"`;
    await sql
      .raw(
        `create trigger robustness_row_write after insert or update or delete on ${table}
           for each row execute function robustness_audit.record()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger robustness_truncate after truncate on ${table}
           for each statement execute function robustness_audit.record()`,
      )
      .execute(db);
  }
}

async function relationCount(db: Kysely<unknown>): Promise<string> {
  const r = await sql<{ n: string }>`
    select count(*)::text as n from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`.execute(
    db,
  );
  return r.rows[0]?.n ?? "0";
}
