import { MSG_PLATFORM_NOT_FOUND } from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { badRequest, notFound, ok } from "../../../http/envelope";
import { containsPattern, countOf, limitOffset } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import "./tables";

const PIN_RE = /^[0-9A-HJ-NPR-Z]{17}$/u;
const MSG_NOT_FORWARDED = "该机械未转发到此平台";

const inTenants = (p: Principal, column = "tenant_id") =>
  sql<SqlBool>`${sql.ref(column)} in (${sql.join(p.tenantIds.length > 0 ? p.tenantIds : [-1])})`;

/** The platform `id` of the caller's tenants, or 404. */
async function platformOf(ctx: AppContext, p: Principal, id: number) {
  const row = await ctx.db
    .selectFrom("nr4_forward_platform")
    .select(["id", "tenant_id", "name"])
    .where("id", "=", id)
    .where(inTenants(p))
    .executeTakeFirst();
  if (!row) throw notFound(MSG_PLATFORM_NOT_FOUND);
  return row;
}

/**
 * 转发机械管理: which machines (PIN) go to which platform, since when, forwarding on or paused;
 * with the machine's filing state (机械备案), since a platform takes a machine once filed.
 */
const listForwardMachines: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  let q = ctx.db
    .selectFrom("nr4_forward_machine as f")
    .innerJoin("nr4_forward_platform as pl", "pl.id", "f.platform_id")
    .leftJoin("nr4_machine_filing as m", (j) => j.onRef("m.pin", "=", "f.pin").onRef("m.tenant_id", "=", "f.tenant_id"))
    .where(inTenants(p, "f.tenant_id"));
  const keyWords = typeof query.keyWords === "string" ? query.keyWords.trim() : "";
  if (keyWords !== "") q = q.where("f.pin", "ilike", containsPattern(keyWords));
  if (typeof query.platformId === "number") q = q.where("f.platform_id", "=", query.platformId);
  if (typeof query.enabled === "boolean") q = q.where("f.enabled", "=", query.enabled);
  const { limit, offset } = limitOffset({
    pageNum: query.pageNum as number | undefined,
    pageSize: query.pageSize as number | undefined,
  });
  const [rows, total] = await Promise.all([
    q
      .select(["f.platform_id", "pl.name", "f.pin", "f.since", "f.enabled", "f.update_name", "m.status"])
      .orderBy("pl.name")
      .orderBy("f.pin")
      .limit(limit)
      .offset(offset)
      .execute(),
    countOf(q),
  ]);
  return {
    list: rows.map((r) => ({
      platformId: r.platform_id,
      platformName: r.name,
      pin: r.pin,
      since: Number(r.since),
      enabled: r.enabled,
      filingStatus: r.status ?? null,
      updateName: r.update_name,
    })),
    total,
  };
};

/**
 * Adds machines to a platform, a pasted list at a time (up to 100 PINs): each PIN is added,
 * already forwarded there, or refused with its reason (not a PIN, not in 机械信息, twice in the
 * list); the added ones in one statement. Answers the per-PIN report.
 */
const addForwardMachines: Handler = async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { platformId, pins } = body as { platformId: number; pins: string[] };
  const platform = await platformOf(ctx, p, platformId);
  const wanted = pins.map((x) => x.trim().toUpperCase());
  const valid = [...new Set(wanted.filter((x) => PIN_RE.test(x)))];
  const known = new Set(
    valid.length === 0
      ? []
      : (
          await ctx.db
            .selectFrom("bss_machinery_info")
            .select("vin")
            .where("vin", "in", valid)
            .where(inTenants(p))
            .execute()
        ).map((r) => r.vin),
  );
  const existing = new Set(
    valid.length === 0
      ? []
      : (
          await ctx.db
            .selectFrom("nr4_forward_machine")
            .select("pin")
            .where("platform_id", "=", platform.id)
            .where("pin", "in", valid)
            .execute()
        ).map((r) => r.pin),
  );
  const added: string[] = [];
  const already: string[] = [];
  const refused: { pin: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const pin of wanted) {
    if (!PIN_RE.test(pin)) refused.push({ pin, reason: "机械PIN码应为17位数字或除I、O、Q以外的大写字母" });
    else if (seen.has(pin)) refused.push({ pin, reason: "列表中重复" });
    else if (!known.has(pin)) refused.push({ pin, reason: `机械${pin}未在机械信息中登记` });
    else if (existing.has(pin)) already.push(pin);
    else added.push(pin);
    seen.add(pin);
  }
  if (added.length > 0) {
    const actor = await actorOf(p, ctx);
    const since = ctx.now().getTime();
    await ctx.db
      .insertInto("nr4_forward_machine")
      .values(
        added.map((pin) => ({
          tenant_id: platform.tenant_id,
          platform_id: platform.id,
          pin,
          since,
          enabled: true,
          update_name: actor.updateName,
        })),
      )
      .execute();
  }
  return ok({ added, already, refused }, `已添加${added.length}台`);
};

/** Pauses or resumes a machine's forwarding to a platform (the forwarder skips a paused one). */
const setForwardMachineEnabled: Handler = async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { platformId, pin, enabled } = body as { platformId: number; pin: string; enabled: boolean };
  const platform = await platformOf(ctx, p, platformId);
  const actor = await actorOf(p, ctx);
  const r = await ctx.db
    .updateTable("nr4_forward_machine")
    .set({ enabled, update_name: actor.updateName })
    .where("platform_id", "=", platform.id)
    .where("pin", "=", pin)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound(MSG_NOT_FORWARDED);
  return ok({ key: pin }, enabled ? "已恢复转发" : "已暂停转发");
};

/** Stops forwarding a machine to a platform. */
const removeForwardMachine: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  const pin = String(query.pin ?? "");
  if (!PIN_RE.test(pin))
    throw badRequest("机械PIN码应为17位数字或除I、O、Q以外的大写字母", [{ field: "pin", msg: "机械PIN码格式不正确" }]);
  const platform = await platformOf(ctx, p, Number(query.platformId));
  const r = await ctx.db
    .deleteFrom("nr4_forward_machine")
    .where("platform_id", "=", platform.id)
    .where("pin", "=", pin)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound(MSG_NOT_FORWARDED);
  return ok({ key: pin }, "删除成功");
};

export const forwardMachineHandlers = {
  listForwardMachines,
  addForwardMachines,
  setForwardMachineEnabled,
  removeForwardMachine,
} satisfies Record<string, Handler>;
