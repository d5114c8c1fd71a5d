import {
  FORWARD_MACHINE_IMPORT_COLUMNS as COL,
  FORWARD_PIN_RE,
  type ForwardImportRow,
  judgeForwardImport,
} from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import { ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, reasonsText } from "../ner/imports";
import { plainCells, readSheet } from "../ner/sheet";
import { sendXlsx } from "../ner/template";
import { importUpload } from "../ner/upload";
import { templateOf } from "../tbox/sheet";
import "./tables";

const COLUMNS = [
  {
    key: "pin",
    header: COL.pin,
    required: true,
    hint: "17位机械PIN码（数字或除I、O、Q以外的大写字母），须已在机械信息中登记",
    width: 24,
    text: true,
  },
  {
    key: "platform",
    header: COL.platform,
    required: true,
    hint: "转发平台账号中的平台名称，与列表中的名称完全一致；同一机械可转发到多个平台（每个平台一行）",
    width: 28,
  },
];
const EXAMPLE = { pin: "LNR4EXAMPLE000001", platform: "示例：省级非道路移动机械监管平台" };

const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());

/**
 * importForwardMachines: each row 机械PIN码 · 转发平台 judged by @tsp/domain `judgeForwardImport`
 * against the tenant's 机械信息, platforms and pairings; the good rows added in one statement
 * (forwarded from now, on), the others reported with their row number and every reason.
 */
export const importForwardMachines = defineHandler<"importForwardMachines">(async ({ request, principal }, ctx) => {
  const p = must(principal);
  const { buffer } = await importUpload(request);
  const sheet = (await readSheet(buffer, [COL.pin, COL.platform], ["xlsx", "xls"])).filter(
    (r) => cell(r.cells.get(COL.pin)) !== EXAMPLE.pin,
  );
  const rows: ForwardImportRow[] = sheet.map((r) => ({
    row: r.row,
    pin: cell(r.cells.get(COL.pin)),
    platform: cell(r.cells.get(COL.platform)),
  }));
  const tenants = sql<SqlBool>`tenant_id in (${sql.join(p.tenantIds.length > 0 ? p.tenantIds : [-1])})`;
  const pins = [...new Set(rows.map((r) => r.pin.toUpperCase()).filter((x) => FORWARD_PIN_RE.test(x)))];
  // The caller's own tenant's platform wins a name several of its tenants use.
  const platforms = await ctx.db
    .selectFrom("nr4_forward_platform")
    .select(["id", "name", "tenant_id"])
    .where(tenants)
    .orderBy(sql`tenant_id = ${p.tenantId}`)
    .execute();
  const [known, forwarded] =
    pins.length === 0
      ? [[], []]
      : await Promise.all([
          ctx.db.selectFrom("bss_machinery_info").select("vin").where("vin", "in", pins).where(tenants).execute(),
          ctx.db
            .selectFrom("nr4_forward_machine")
            .select(["platform_id", "pin"])
            .where("pin", "in", pins)
            .where(tenants)
            .execute(),
        ]);
  const outcomes = judgeForwardImport(rows, {
    knownPins: new Set(known.map((r) => r.vin)),
    platforms: new Map(platforms.map((x) => [x.name, x.id])),
    forwarded: new Set(forwarded.map((r) => `${r.platform_id}:${r.pin}`)),
  });
  const tenantOf = new Map(platforms.map((x) => [x.id, x.tenant_id]));
  const added = outcomes.flatMap((o) => (o.ok ? [o] : []));
  if (added.length > 0) {
    const actor = await actorOf(p, ctx);
    const since = ctx.now().getTime();
    await ctx.db
      .insertInto("nr4_forward_machine")
      .values(
        added.map((o) => ({
          tenant_id: tenantOf.get(o.platformId) ?? p.tenantId,
          platform_id: o.platformId,
          pin: o.pin,
          since,
          enabled: true,
          update_name: actor.updateName,
        })),
      )
      // A pairing made meanwhile (another import, 添加机械) is kept as it is.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const failures: RowFailure[] = outcomes.flatMap((o, i) => {
    if (o.ok) return [];
    const row = sheet[i];
    return [{ row: o.row, vin: o.pin, reason: reasonsText(o.reasons), ...(row ? { data: plainCells(row) } : {}) }];
  });
  return ok({ all: rows.length, success: added.length, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
});

export const downloadForwardMachineTemplate = defineHandler<"downloadForwardMachineTemplate">(async ({ reply }) =>
  sendXlsx(
    reply,
    "转发机械导入模板.xlsx",
    await templateOf(
      "转发机械",
      COLUMNS,
      EXAMPLE,
      "第1个工作表的第2行为示例（导入时跳过），请在其下逐行填写；列名请勿修改。每行单独导入：有误的行（PIN码格式、机械未登记、平台不存在、文件中重复、已转发）在结果中列出原因，其余照常加入转发。",
    ),
  ),
);
