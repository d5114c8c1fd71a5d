import { checkPlatformAccount, MSG_PLATFORM_NOT_FOUND, MSG_PLATFORM_STALE, msgPlatformNameTaken } from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { containsPattern, countOf, limitOffset } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import { seal } from "./seal";
import "./tables";

/** Tenants of the caller as a condition (none: nothing). */
const inTenants = (p: Principal) =>
  sql<SqlBool>`tenant_id in (${sql.join(p.tenantIds.length > 0 ? p.tenantIds : [-1])})`;

type PlatformRow = {
  id: number;
  tenant_id: number;
  name: string;
  host: string;
  port: number;
  protocol: string;
  account: string;
  enabled: boolean;
  updated_at: number | string;
  update_name: string | null;
};

/** Every column but the sealed password: no call ever selects it. */
const COLUMNS = [
  "id",
  "tenant_id",
  "name",
  "host",
  "port",
  "protocol",
  "account",
  "enabled",
  "updated_at",
  "update_name",
] as const;

/** A platform as the calls answer it: the password only as 已设置 (passwordSet), with its machine count. */
const recordOf = (r: PlatformRow, machines: number) => ({
  id: r.id,
  name: r.name,
  host: r.host,
  port: r.port,
  protocol: r.protocol,
  account: r.account,
  passwordSet: true,
  enabled: r.enabled,
  machines,
  updatedAt: Number(r.updated_at),
  updateName: r.update_name,
});

async function machineCounts(ctx: AppContext, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await ctx.db
    .selectFrom("nr4_forward_machine")
    .select(["platform_id", (eb) => eb.fn.countAll<string>().as("n")])
    .where("platform_id", "in", ids)
    .groupBy("platform_id")
    .execute();
  return new Map(rows.map((r) => [r.platform_id, Number(r.n)]));
}

async function readPlatform(ctx: AppContext, p: Principal, id: number) {
  const row = (await ctx.db
    .selectFrom("nr4_forward_platform")
    .select(COLUMNS)
    .where("id", "=", id)
    .where(inTenants(p))
    .executeTakeFirst()) as PlatformRow | undefined;
  if (!row) throw notFound(MSG_PLATFORM_NOT_FOUND);
  return recordOf(row, (await machineCounts(ctx, [id])).get(id) ?? 0);
}

/** The platform's fields checked by @tsp/domain (400 with each reason on its field). */
function checked(body: unknown, creating: boolean) {
  const r = checkPlatformAccount(body, creating);
  if (!r.ok) throw badRequest(r.error[0]?.msg ?? "", r.error);
  return r.value;
}

/** A name another platform of the tenant has: 409. */
async function refuseTakenName(db: AppContext["db"], tenantId: number, name: string, except: number | null) {
  let q = db.selectFrom("nr4_forward_platform").select("id").where("tenant_id", "=", tenantId).where("name", "=", name);
  if (except !== null) q = q.where("id", "<>", except);
  if (await q.executeTakeFirst()) throw conflict(msgPlatformNameTaken(name));
}

export const listForwardPlatforms: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  let q = ctx.db.selectFrom("nr4_forward_platform").where(inTenants(p));
  const keyWords = typeof query.keyWords === "string" ? query.keyWords.trim() : "";
  if (keyWords !== "")
    q = q.where((eb) =>
      eb.or([
        eb("name", "ilike", containsPattern(keyWords)),
        eb("host", "ilike", containsPattern(keyWords)),
        eb("account", "ilike", containsPattern(keyWords)),
      ]),
    );
  if (typeof query.protocol === "string" && query.protocol !== "") q = q.where("protocol", "=", query.protocol);
  if (typeof query.enabled === "boolean") q = q.where("enabled", "=", query.enabled);
  const { limit, offset } = limitOffset({
    pageNum: query.pageNum as number | undefined,
    pageSize: query.pageSize as number | undefined,
  });
  const [rows, total] = await Promise.all([
    q.select(COLUMNS).orderBy("name").orderBy("id").limit(limit).offset(offset).execute(),
    countOf(q),
  ]);
  const counts = await machineCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return { list: (rows as PlatformRow[]).map((r) => recordOf(r, counts.get(r.id) ?? 0)), total };
};

export const getForwardPlatform: Handler = async ({ query, principal }, ctx) =>
  readPlatform(ctx, must(principal), Number(query.id));

export const createForwardPlatform: Handler = async ({ body, principal }, ctx) => {
  const p = must(principal);
  const v = checked(body, true);
  const actor = await actorOf(p, ctx);
  await refuseTakenName(ctx.db, p.tenantId, v.name, null);
  const row = await ctx.db
    .insertInto("nr4_forward_platform")
    .values({
      tenant_id: p.tenantId,
      name: v.name,
      host: v.host,
      port: v.port,
      protocol: v.protocol,
      account: v.account,
      password_sealed: seal(ctx.secrets, v.password as string),
      enabled: v.enabled,
      updated_at: ctx.now().getTime(),
      update_by: actor.updateBy,
      update_name: actor.updateName,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return ok(await readPlatform(ctx, p, row.id), "保存成功");
};

export const updateForwardPlatform: Handler = async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { id, updatedAt, ...fields } = (body ?? {}) as Record<string, unknown>;
  const v = checked(fields, false);
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("nr4_forward_platform")
      .select(["id", "tenant_id", "updated_at"])
      .where("id", "=", Number(id))
      .where(inTenants(p))
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(MSG_PLATFORM_NOT_FOUND);
    if (Number(current.updated_at) !== updatedAt) throw conflict(MSG_PLATFORM_STALE);
    // In the transaction: one connection (PGlite) must not wait on itself.
    await refuseTakenName(trx, current.tenant_id, v.name, current.id);
    await trx
      .updateTable("nr4_forward_platform")
      .set({
        name: v.name,
        host: v.host,
        port: v.port,
        protocol: v.protocol,
        account: v.account,
        // An edit without a new password keeps the sealed one.
        ...(v.password === null ? {} : { password_sealed: seal(ctx.secrets, v.password) }),
        enabled: v.enabled,
        updated_at: Math.max(ctx.now().getTime(), Number(current.updated_at) + 1),
        update_by: actor.updateBy,
        update_name: actor.updateName,
      })
      .where("id", "=", current.id)
      .execute();
  });
  return ok(await readPlatform(ctx, p, Number(id)), "保存成功");
};

export const deleteForwardPlatform: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  const id = Number(query.id);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("nr4_forward_platform")
      .select("id")
      .where("id", "=", id)
      .where(inTenants(p))
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(MSG_PLATFORM_NOT_FOUND);
    const n = await countOf(trx.selectFrom("nr4_forward_machine").where("platform_id", "=", id));
    if (n > 0) throw conflict(`该平台仍有${n}台机械在转发，请先在转发机械管理中移除`);
    await trx.deleteFrom("nr4_forward_platform").where("id", "=", id).execute();
  });
  return ok({ key: String(id) }, "删除成功");
};
