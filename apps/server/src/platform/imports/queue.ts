import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { type Kysely, sql } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import { ApiError } from "../../http/envelope";
import { nextTurn } from "../exports/queue";
import type { Principal } from "../principal";
import { TaskWorker } from "../taskWorker";
import type { Importer, ImportJob, ImportReport } from "./importer";
import "./tables";

/** The answer's message when an import file is accepted as a task. */
export const IMPORT_SUBMITTED_MSG = "导入任务已提交";

/**
 * Why a task the server was running when it stopped failed. Each import saves its file in one
 * transaction, so a stopped server rolled it back: nothing of the file was saved.
 */
export const IMPORT_INTERRUPTED_MSG = "服务重启，导入中断：本文件的数据均未保存，请重新导入";

/** Object-store folder of uploaded import files and their reports (private: no download route). */
const IMPORT_PREFIX = "imports";

/**
 * Import tasks in the `import_task` table (issue 21), run one at a time by an in-process worker
 * — the export queue's design (platform/exports/queue.ts): the table is the queue (claimed with
 * `for update skip locked`, so any replica may run a task), and `start` fails what a dead
 * process left running. The uploaded file waits as a private object until its task ends; the
 * per-row report is written as an object when the task is done.
 *
 * Progress: after each batch the importer reports the rows handled. On PostgreSQL it is written
 * to the task row at once (another pooled connection; the import's transaction holds its own).
 * The embedded PGlite has ONE connection, which the import's transaction holds until the file
 * is saved: a write from outside it would wait for itself, so there progress stays in this
 * process's memory ({@link progressOf}) and every other query — a poll of the task too —
 * waits for the transaction, as it did for the synchronous import.
 */
export class ImportQueue extends TaskWorker {
  constructor() {
    super("ImportQueue");
  }

  private readonly importers = new Map<string, Importer>();
  private readonly live = new Map<string, { done: number; total: number | null }>();

  /** Registers an importer under the operationId of its upload call; twice is a start-up error. */
  register(kind: string, importer: Importer): void {
    if (this.importers.has(kind)) throw new Error(`import kind ${kind} registered twice`);
    this.importers.set(kind, importer);
  }

  /**
   * Binds the context and fails what a previous process left running (unless `recover` is false:
   * a second worker of WORKERS=n), removing their files; then starts queued ones.
   */
  async start(ctx: AppContext, { recover = true }: { recover?: boolean } = {}): Promise<void> {
    this.ctx = ctx;
    if (recover) {
      const dead = await ctx.db.selectFrom("import_task").select("file_key").where("status", "=", "running").execute();
      await ctx.db
        .updateTable("import_task")
        .set({ status: "failed", error: IMPORT_INTERRUPTED_MSG, finished_at: ctx.now(), file_key: null })
        .where("status", "=", "running")
        .execute();
      for (const d of dead) if (d.file_key) await ctx.objects.remove(d.file_key);
    }
    this.kick();
  }

  /**
   * Stores the uploaded file as a private object and queues its import; the worker picks it up
   * at once. Answers the task's id.
   */
  async submit(
    principal: Principal,
    kind: string,
    file: { name: string; buffer: Buffer },
    options: Record<string, unknown> = {},
  ): Promise<{ taskId: string }> {
    const ctx = this.context();
    if (!this.importers.has(kind)) throw new Error(`no importer for ${kind}`);
    const id = randomUUID();
    const key = fileKey(principal.accountId, id);
    await ctx.objects.writeAtomic(key, (temp) => writeFile(temp, file.buffer));
    const snapshot = {
      accountId: principal.accountId,
      username: principal.username,
      tenantId: principal.tenantId,
      tenantIds: principal.tenantIds,
      clientId: principal.clientId,
    };
    await ctx.db
      .insertInto("import_task")
      .values({
        id,
        account_id: principal.accountId,
        tenant_id: principal.tenantId,
        kind,
        file_name: file.name,
        status: "queued",
        file_key: key,
        params: JSON.stringify({ principal: snapshot, options }),
        created_at: ctx.now(),
      })
      .execute();
    this.kick();
    return { taskId: id };
  }

  /** Rows handled so far of a task this process is running (null: not running here). */
  progressOf(taskId: string): { done: number; total: number | null } | null {
    return this.live.get(taskId) ?? null;
  }

  /** The per-row report of a done task (its object), or null when it is gone. */
  async reportOf(reportKey: string): Promise<ImportReport | null> {
    const ctx = this.context();
    try {
      return JSON.parse(await readFile(ctx.objects.pathOf(reportKey), "utf8")) as ImportReport;
    } catch {
      return null;
    }
  }

  protected async drain(): Promise<void> {
    const ctx = this.context();
    // The upload's answer goes out before the worker takes the connection (PGlite has one).
    await nextTurn();
    while (!this.stopped) {
      const claimed = await sql<ImportTaskRow>`
        update import_task set status = 'running', started_at = ${ctx.now()}
        where id = (select id from import_task where status = 'queued' order by created_at, id limit 1 for update skip locked)
        returning id, account_id, kind, file_name, file_key, params`.execute(ctx.db);
      const task = claimed.rows[0];
      if (!task) return;
      await this.run(task, ctx);
    }
  }

  private async run(task: ImportTaskRow, ctx: AppContext): Promise<void> {
    const stored = (typeof task.params === "string" ? JSON.parse(task.params) : task.params) as {
      principal: Omit<Principal, "permissions">;
      options: Record<string, unknown>;
    };
    const job: ImportJob = {
      taskId: task.id,
      principal: { ...stored.principal, permissions: new Set() },
      fileName: task.file_name,
      options: stored.options,
    };
    const shared = ctx.dbKind === "postgres";
    this.live.set(task.id, { done: 0, total: null });
    try {
      const importer = this.importers.get(task.kind);
      if (!importer) throw new Error(`no importer for ${task.kind}`);
      if (!task.file_key) throw new Error("上传的文件已不存在");
      const file = await readFile(ctx.objects.pathOf(task.file_key));
      // Marks the task done with its report, inside the importer's transaction when it has one.
      let finished = false;
      const finish = async (db: Kysely<Database>, report: ImportReport) => {
        const reportKey = `${IMPORT_PREFIX}/${task.account_id}/${task.id}.report.json`;
        await ctx.objects.writeAtomic(reportKey, (temp) => writeFile(temp, JSON.stringify(report)));
        await db
          .updateTable("import_task")
          .set({
            status: "done",
            rows_done: report.all,
            rows_total: report.all,
            report_key: reportKey,
            file_key: null,
            finished_at: ctx.now(),
          })
          .where("id", "=", task.id)
          // A restart may have failed it meanwhile (a worker that outlived its own recovery): that stays.
          .where("status", "=", "running")
          .execute();
        finished = true;
      };
      const progress = async (done: number, total?: number) => {
        this.live.set(task.id, { done, total: total ?? null });
        if (shared)
          await ctx.db
            .updateTable("import_task")
            .set({ rows_done: done, ...(total === undefined ? {} : { rows_total: total }) })
            .where("id", "=", task.id)
            .execute();
        // Requests (a poll of this task among them) are answered between batches.
        await nextTurn();
      };
      const report = await importer(job, ctx, file, progress, finish);
      if (!finished) await finish(ctx.db, report);
    } catch (error) {
      await ctx.db
        .updateTable("import_task")
        .set({ status: "failed", error: failureText(error), file_key: null, finished_at: ctx.now() })
        .where("id", "=", task.id)
        .where("status", "=", "running")
        .execute();
    } finally {
      this.live.delete(task.id);
      if (task.file_key) await ctx.objects.remove(task.file_key);
    }
  }
}

/** The object key of a task's uploaded file. */
function fileKey(accountId: number, taskId: string): string {
  return `${IMPORT_PREFIX}/${accountId}/${taskId}.upload`;
}

/**
 * A failed task's reason as the console shows it: an `ApiError`'s Chinese message (and its
 * detail when it says more, e.g. which columns a wrong template lacks); anything else is a
 * server fault, said without its internals.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = error.failDetail.map((d) => d.msg).find((m) => m && m !== error.message);
    return detail ? `${error.message}：${detail}` : error.message;
  }
  return "导入失败：服务器内部错误，本文件的数据均未保存，请重新导入";
}

type ImportTaskRow = {
  id: string;
  account_id: number;
  kind: string;
  file_name: string;
  file_key: string | null;
  params: unknown;
};
