import { chinaDateTime, FILING_STATUS_LABELS, type FilingStatus, MSG_PLATFORM_NOT_FOUND } from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { badRequest, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, limitOffset } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import type { Handler } from "../../types";
import { actorOf, must } from "../actor";
import "./tables";

const PIN_RE = /^[0-9A-HJ-NPR-Z]{17}$/u;
const MSG_NOT_FORWARDED = "该机械未转发到此平台";

const inTenants = (p: Pick<Principal, "tenantIds">, column = "tenant_id") =>
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

type Filter = { keyWords?: string; platformId?: number; enabled?: boolean };

const filterOf = (query: Record<string, unknown>): Filter => ({
  ...(typeof query.keyWords === "string" && query.keyWords.trim() !== "" ? { keyWords: query.keyWords.trim() } : {}),
  ...(typeof query.platformId === "number" ? { platformId: query.platformId } : {}),
  ...(typeof query.enabled === "boolean" ? { enabled: query.enabled } : {}),
});

/** The pairings of the caller's tenants matching the list's filters (shared by the list and its export). */
function forwardMachines(ctx: AppContext, tenantIds: Principal["tenantIds"], f: Filter) {
  let q = ctx.db
    .selectFrom("nr4_forward_machine as f")
    .innerJoin("nr4_forward_platform as pl", "pl.id", "f.platform_id")
    .leftJoin("nr4_machine_filing as m", (j) => j.onRef("m.pin", "=", "f.pin").onRef("m.tenant_id", "=", "f.tenant_id"))
    .where(inTenants({ tenantIds }, "f.tenant_id"));
  if (f.keyWords !== undefined) q = q.where("f.pin", "ilike", containsPattern(f.keyWords));
  if (f.platformId !== undefined) q = q.where("f.platform_id", "=", f.platformId);
  if (f.enabled !== undefined) q = q.where("f.enabled", "=", f.enabled);
  return q;
}

const COLUMNS = ["f.platform_id", "pl.name", "f.pin", "f.since", "f.enabled", "f.update_name", "m.status"] as const;

/**
 * 转发机械管理: which machines (PIN) go to which platform, since when, forwarding on or paused;
 * with the machine's filing state (机械备案), since a platform takes a machine once filed.
 */
const listForwardMachines: Handler = async ({ query, principal }, ctx) => {
  const p = must(principal);
  const q = forwardMachines(ctx, p.tenantIds, filterOf(query));
  const { limit, offset } = limitOffset({
    pageNum: query.pageNum as number | undefined,
    pageSize: query.pageSize as number | undefined,
  });
  const [rows, total] = await Promise.all([
    q.select(COLUMNS).orderBy("pl.name").orderBy("f.pin").limit(limit).offset(offset).execute(),
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

/** China time yyyy-MM-dd HH:mm:ss of a sheet's cell. */

/** The list's rows (every page, the list's order) as a sheet: what the screen shows. */
export const forwardMachineExporter: ExportSheet = {
  title: "转发机械",
  columns: [
    { header: "机械PIN码", key: "pin", width: 20 },
    { header: "转发平台", key: "platformName", width: 28 },
    { header: "转发开始时间", key: "since", width: 20 },
    { header: "转发状态", key: "enabled", width: 10 },
    { header: "机械备案状态", key: "filingStatus", width: 12 },
    { header: "更新人", key: "updateName", width: 16 },
  ],
  async *rows(job, ctx) {
    const rows = await forwardMachines(ctx, job.tenantIds, job.params as Filter)
      .select(COLUMNS)
      .orderBy("pl.name")
      .orderBy("f.pin")
      .execute();
    yield rows.map((r) => ({
      platformName: r.name,
      pin: r.pin,
      since: chinaDateTime(Number(r.since)),
      enabled: r.enabled ? "转发中" : "已暂停",
      filingStatus: r.status === null ? "未备案" : (FILING_STATUS_LABELS[r.status as FilingStatus] ?? r.status),
      updateName: r.update_name ?? "",
    }));
  },
};

/** Queues the export of the list's filters; the file appears in the export file list. */
const exportForwardMachines: Handler = async ({ query, principal }, ctx) => {
  const task = await ctx.exports.submit(must(principal), "exportForwardMachines", filterOf(query));
  return ok(task, EXPORT_SUBMITTED_MSG);
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
  exportForwardMachines,
} satisfies Record<string, Handler>;
