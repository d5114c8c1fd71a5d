import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { Client } from "pg";
import { type OpenedDatabase, openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import type { Database } from "../db/schema";
import { serviceModules } from "../services";
import { testEngine } from "../testing/testServer";

/**
 * A migrated, empty database for the gateway's tests: PGlite in memory, or — in the Vitest
 * project "postgres" — a new database on TEST_DATABASE_URL, dropped by `close`. Tests only.
 */
export async function openTestDatabase(): Promise<OpenedDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
  if (testEngine().kind !== "postgres" || !admin) {
    const opened = await openDatabase({ dataDir: "memory://" });
    await migrateToLatest(opened.db as Kysely<unknown>, serviceModules);
    return opened;
  }
  const name = `tsp_gateway_${randomBytes(6).toString("hex")}`;
  const run = async (text: string) => {
    const c = new Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
  await migrateToLatest(opened.db as Kysely<unknown>, serviceModules);
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Adds a tenant and its vehicles (no ICCID, no plate) for a gateway test; returns the tenant's id. */
export async function addTenantVehicles(
  db: Kysely<Database>,
  tenant: { code: string; name: string },
  vins: readonly string[],
): Promise<number> {
  const { id } = await db.insertInto("tenant").values(tenant).returning("id").executeTakeFirstOrThrow();
  await db
    .insertInto("vehicle")
    .values(vins.map((vin) => ({ vin, tenant_id: id, iccid: null, plate: null })))
    .execute();
  return id;
}
