import {
  CAN_SIGNAL_REGISTER,
  checkRegisterRow,
  dbcSignalRows,
  MB,
  msgRegisterExists,
  parseDbc,
  type RegisterValues,
  registerProblemText,
} from "@tsp/domain";
import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import { ApiError, badRequest, ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { savingAll } from "../ner/imports";
import { columnOf } from "../registers/register";
import "./tables";

/** Largest DBC file: a whole vehicle's database is a few hundred kB. */
export const DBC_MAX_MB = 5;
export const MSG_CHOOSE_DBC = "请选择一个.dbc文件";
export const MSG_NOT_DBC_TEXT = "文件不是DBC文本文件";
/** Most signals one answer lists (openapi DbcImportResult.signals maxItems). */
const MAX_LISTED = 5000;
const BATCH = 500;

/** A checked signal as the table's columns. */
const columns = (row: RegisterValues) =>
  Object.fromEntries(CAN_SIGNAL_REGISTER.fields.map((f) => [columnOf(f.key), row[f.key] ?? null]));

/** The uploaded .dbc file's text: UTF-8, or GB18030 as Chinese tools save it; binary content is refused. */
async function dbcText(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw badRequest(MSG_CHOOSE_DBC, [{ field: "file", msg: MSG_CHOOSE_DBC }]);
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file({ limits: { fileSize: DBC_MAX_MB * MB, files: 1 } });
  } catch {
    throw badRequest(MSG_NOT_DBC_TEXT, [{ field: "file", msg: "无法读取上传的文件" }]);
  }
  if (part?.fieldname !== "file") throw badRequest(MSG_CHOOSE_DBC, [{ field: "file", msg: MSG_CHOOSE_DBC }]);
  if (!/\.dbc$/iu.test(part.filename)) {
    part.file.resume();
    throw badRequest(MSG_CHOOSE_DBC, [{ field: "file", msg: MSG_CHOOSE_DBC }]);
  }
  const buffer = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new ApiError(413, `上传文件不能超过${DBC_MAX_MB}M`);
    throw error;
  });
  if (part.file.truncated) throw new ApiError(413, `上传文件不能超过${DBC_MAX_MB}M`);
  if (buffer.includes(0)) throw badRequest(MSG_NOT_DBC_TEXT, [{ field: "file", msg: MSG_NOT_DBC_TEXT }]);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder("gb18030").decode(buffer);
  }
}

/**
 * importCanDbc: a DBC file's signals for one vehicle model (@tsp/domain parseDbc and
 * dbcSignalRows), each checked as a create of the CAN signal register; any unreadable line,
 * refused signal or taken code (without allowCover) is reported with its line and nothing is
 * saved; a dry run saves nothing either. Otherwise all signals are saved in one transaction.
 */
export const importCanDbc = defineHandler<"importCanDbc">(async ({ request, query, principal }, ctx) => {
  const p = must(principal);
  const text = await dbcText(request);
  const file = parseDbc(text);
  const lines = text.replace(/^\uFEFF/u, "").split(/\r\n|\r|\n/u);
  const shown = (n: number) => {
    const line = lines[n - 1] ?? "";
    return line.length > 120 ? `${line.slice(0, 117)}...` : line;
  };
  const rows = dbcSignalRows(file, query.vehicleModel);
  const problems = file.problems.map((x) => ({ line: x.line, key: "", text: x.text, reason: x.reason }));
  const checked: { line: number; row: RegisterValues }[] = [];
  for (const { line, row } of rows) {
    const r = checkRegisterRow(CAN_SIGNAL_REGISTER, row);
    if (r.ok) checked.push({ line, row: r.value });
    else problems.push({ line, key: String(row.code), text: shown(line), reason: registerProblemText(r.error) });
  }
  const tenants = p.tenantIds.length > 0 ? p.tenantIds : [-1];
  const existing = new Map<string, number>();
  const codes = checked.map((c) => String(c.row.code));
  for (let i = 0; i < codes.length; i += BATCH) {
    const found = await ctx.db
      .selectFrom("bss_can_signal")
      .select(["code", "tenant_id"])
      .where("code", "in", codes.slice(i, i + BATCH))
      .where("tenant_id", "in", tenants)
      .orderBy(sql`tenant_id = ${p.tenantId}`)
      .execute();
    for (const f of found) existing.set(f.code, f.tenant_id);
  }
  if (query.allowCover !== true)
    for (const c of checked) {
      const code = String(c.row.code);
      if (existing.has(code))
        problems.push({
          line: c.line,
          key: code,
          text: shown(c.line),
          reason: msgRegisterExists(CAN_SIGNAL_REGISTER, code),
        });
    }
  problems.sort((a, b) => a.line - b.line);
  const save = problems.length === 0 && query.dryRun !== true && checked.length > 0;
  if (save) {
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    const who = { update_by: actor.updateBy, update_name: actor.updateName };
    const created = checked.filter((c) => !existing.has(String(c.row.code)));
    const covered = checked.filter((c) => existing.has(String(c.row.code)));
    await savingAll(() =>
      ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < created.length; i += BATCH)
          await trx
            .insertInto("bss_can_signal")
            .values(
              created
                .slice(i, i + BATCH)
                .map((c) => ({ tenant_id: p.tenantId, ...columns(c.row), updated_at: nowMs, ...who }) as never),
            )
            .execute();
        for (const c of covered)
          await trx
            .updateTable("bss_can_signal")
            .set({ ...columns(c.row), ...who, updated_at: sql`greatest(${nowMs}, updated_at + 1)` } as never)
            .where("tenant_id", "=", existing.get(String(c.row.code)) as number)
            .where("code", "=", String(c.row.code))
            .execute();
      }),
    );
  }
  const signals = rows.slice(0, MAX_LISTED).map(({ line, row }) => ({ line, ...row }));
  return ok(
    {
      messages: file.messages.length,
      all: rows.length,
      success: save ? checked.length : 0,
      failed: problems.length,
      saved: save,
      rows: problems,
      signals: signals as never,
    },
    save ? "导入完成" : problems.length > 0 ? "文件中有不能读取或校验未通过的行，未保存任何信号" : "已读取，未保存",
  );
});
