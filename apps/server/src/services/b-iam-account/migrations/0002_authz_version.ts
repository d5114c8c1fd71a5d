import { type Kysely, sql } from "kysely";

/** Tables whose rows decide an account's tenants and button permissions (see `platform/auth.ts`). */
export const GRANT_TABLES = ["tenant", "role", "menu", "account_role", "role_menu"] as const;

/**
 * A counter that every write to the grant tables raises (statement-level triggers), so the
 * server's cache of tenants and permissions per account knows when it is stale — whoever
 * writes: a handler, the seed, a test, or an operator in psql, on PGlite or a PostgreSQL server
 * shared by several server processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("authz_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into authz_version (id, version) values (1, 0)`.execute(db);
  await sql`
    create function bump_authz_version() returns trigger language plpgsql as $$
    begin
      update authz_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const table of GRANT_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_bumps_authz_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_authz_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of GRANT_TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_bumps_authz_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists bump_authz_version()`.execute(db);
  await db.schema.dropTable("authz_version").execute();
}
