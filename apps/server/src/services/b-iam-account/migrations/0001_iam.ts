import { type Kysely, sql } from "kysely";

/** Organisations, accounts, roles, menus and buttons, OAuth clients, codes and tokens. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("org")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("parent_id", "integer", (c) => c.references("org.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("account")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("org.id"))
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("real_name", "text", (c) => c.notNull())
    .addColumn("mobile", "text")
    .addColumn("email", "text")
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("failed_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_failed_at", "timestamptz")
    .addColumn("locked_until", "timestamptz")
    .addColumn("last_login_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("role")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addUniqueConstraint("role_tenant_code", ["tenant_id", "code"])
    .execute();
  await db.schema
    .createTable("account_role")
    .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
    .addColumn("role_id", "integer", (c) => c.notNull().references("role.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("account_role_pk", ["account_id", "role_id"])
    .execute();
  await db.schema
    .createTable("menu")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("parent_id", "integer", (c) => c.references("menu.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('menu','button')`))
    .addColumn("api", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hidden", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable("role_menu")
    .addColumn("role_id", "integer", (c) => c.notNull().references("role.id").onDelete("cascade"))
    .addColumn("menu_id", "integer", (c) => c.notNull().references("menu.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("role_menu_pk", ["role_id", "menu_id"])
    .execute();
  await db.schema
    .createTable("oauth_client")
    .addColumn("client_id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("secret_hash", "text", (c) => c.notNull())
    .addColumn("grant_types", sql`text[]`, (c) => c.notNull())
    .addColumn("redirect_uris", sql`text[]`, (c) => c.notNull())
    .addColumn("allow_loopback", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("service_account_id", "integer", (c) => c.references("account.id"))
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema
    .createTable("auth_code")
    .addColumn("code_hash", "text", (c) => c.primaryKey())
    .addColumn("client_id", "text", (c) => c.notNull().references("oauth_client.client_id"))
    .addColumn("redirect_uri", "text", (c) => c.notNull())
    .addColumn("state", "text")
    .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema
    .createTable("access_token")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "integer", (c) => c.notNull().references("account.id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("access_token_account_idx").on("access_token").column("account_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "access_token",
    "auth_code",
    "oauth_client",
    "role_menu",
    "menu",
    "account_role",
    "role",
    "account",
    "org",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
