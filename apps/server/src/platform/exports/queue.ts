import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { finished as streamFinished } from "node:stream/promises";
import { chinaStamp } from "@tsp/domain";
import { sql } from "kysely";
import type { AppContext } from "../../context";
import type { ExportTaskTable } from "../../db/schema";
import type { Principal } from "../principal";
import { TaskWorker } from "../taskWorker";
import { type Exporter, type ExportJob, type ExportSheet, extensionOf, sheetsOf } from "./exporter";
import { XlsxWriter } from "./xlsxWriter";

/** The answer's message when an export is accepted (spec: "export task submitted, please check the export file list"). */
export const EXPORT_SUBMITTED_MSG = "导出任务已提交，请到导出文件列表查看";

/** How long a finished export file can be downloaded. */
export const EXPORT_TTL_MS = 7 * 24 * 3600 * 1000;

/** Object-store folder of export files. */
const EXPORT_PREFIX = "exports";

/**
 * Export tasks in the `export_task` table, run one at a time by an in-process worker
 * (2-core machines; an export is I/O and CPU heavy). The table is the queue, so a task
 * submitted on one replica may be run by any; `recover` marks tasks a dead process left
 * running as failed.
 */
export class ExportQueue extends TaskWorker {
  constructor() {
    super("ExportQueue");
  }

  private readonly exporters = new Map<string, Exporter>();

  /** Registers the exporters of every module; a kind registered twice is a start-up error. */
  register(kind: string, exporter: Exporter): void {
    if (this.exporters.has(kind)) throw new Error(`export kind ${kind} registered twice`);
    this.exporters.set(kind, exporter);
  }

  /**
   * Binds the context and fails what a previous process left running (unless `recover` is
   * false: a second worker of WORKERS=n, whose siblings' running tasks are alive); then starts queued ones.
   */
  async start(ctx: AppContext, { recover = true }: { recover?: boolean } = {}): Promise<void> {
    this.ctx = ctx;
    if (recover)
      await ctx.db
        .updateTable("export_task")
        .set({ status: "failed", error: "服务重启，导出中断，请重新导出", finished_at: ctx.now() })
        .where("status", "=", "running")
        .execute();
    await this.purgeExpired();
    this.kick();
  }

  /**
   * Deletes the files of tasks past their expiry (the list already hides them) so the object
   * store does not grow without bound; the task rows stay as a record. Returns how many.
   */
  async purgeExpired(): Promise<number> {
    const ctx = this.context();
    const expired = await ctx.db
      .selectFrom("export_task")
      .select(["id", "object_key"])
      .where("expires_at", "<=", ctx.now())
      .where("object_key", "is not", null)
      .execute();
    for (const task of expired) {
      if (task.object_key) await ctx.objects.remove(task.object_key);
      await ctx.db.updateTable("export_task").set({ object_key: null }).where("id", "=", task.id).execute();
    }
    return expired.length;
  }

  /** Queues an export for the principal; the worker picks it up at once. */
  async submit(
    principal: Principal,
    kind: string,
    params: Record<string, unknown>,
    fileName?: string,
  ): Promise<{ taskId: string; name: string }> {
    const ctx = this.context();
    const exporter = this.exporters.get(kind);
    if (!exporter) throw new Error(`no exporter for ${kind}`);
    const now = ctx.now();
    const name = fileName ?? `${exporter.title}_${stamp(now)}.${extensionOf(exporter)}`;
    const id = randomUUID();
    await ctx.db
      .insertInto("export_task")
      .values({
        id,
        account_id: principal.accountId,
        kind,
        file_name: name,
        status: "queued",
        progress: 0,
        row_count: 0,
        params: JSON.stringify({ params, tenantIds: principal.tenantIds }),
        created_at: now,
      })
      .execute();
    this.kick();
    return { taskId: id, name };
  }

  protected async drain(): Promise<void> {
    const ctx = this.context();
    while (!this.stopped) {
      const claimed = await sql<ExportTaskRow>`
        update export_task set status = 'running', started_at = ${ctx.now()}
        where id = (select id from export_task where status = 'queued' order by created_at, id limit 1 for update skip locked)
        returning id, account_id, kind, params`.execute(ctx.db);
      const task = claimed.rows[0];
      if (!task) {
        await this.purgeExpired();
        return;
      }
      await this.run(task, ctx);
    }
  }

  private async run(task: ExportTaskRow, ctx: AppContext): Promise<void> {
    const stored = (typeof task.params === "string" ? JSON.parse(task.params) : task.params) as {
      params: Record<string, unknown>;
      tenantIds: number[];
    };
    const job: ExportJob = {
      taskId: task.id,
      accountId: task.account_id,
      tenantIds: stored.tenantIds,
      params: stored.params,
    };
    const found = this.exporters.get(task.kind);
    const key = `${EXPORT_PREFIX}/${task.account_id}/${task.id}.${found ? extensionOf(found) : "xlsx"}`;
    try {
      const exporter = found;
      if (!exporter) throw new Error(`no exporter for ${task.kind}`);
      const sheets = sheetsOf(exporter);
      // Progress counts the rows of every sheet; known only when every sheet can say its total.
      let total = 0;
      if (sheets.every((s) => s.total)) {
        for (const s of sheets) total += s.total ? await s.total(job, ctx) : 0;
      }
      let written = 0;
      let reported = performance.now();
      const progress = async (done: number, of: number) => {
        written = done;
        await ctx.db
          .updateTable("export_task")
          .set({ progress: Math.min(99, Math.floor((done * 100) / Math.max(1, of))), row_count: done })
          .where("id", "=", task.id)
          .execute();
      };
      const { size } = await ctx.objects.writeAtomic(key, async (temp) => {
        if ("write" in exporter) {
          written = await exporter.write(job, ctx, temp, progress);
          return;
        }
        await writeWorkbook(temp, sheets, job, ctx, async (rows) => {
          written += rows;
          // Progress at most every quarter second: one UPDATE per batch was 1,000 round trips per million rows.
          if (total > 0 && performance.now() - reported >= PROGRESS_EVERY_MS) {
            reported = performance.now();
            await progress(written, total);
          }
        });
      });
      const finished = ctx.now();
      await ctx.db
        .updateTable("export_task")
        .set({
          status: "done",
          progress: 100,
          row_count: written,
          size,
          object_key: key,
          finished_at: finished,
          expires_at: new Date(finished.getTime() + EXPORT_TTL_MS),
        })
        .where("id", "=", task.id)
        .execute();
    } catch (error) {
      await ctx.db
        .updateTable("export_task")
        .set({ status: "failed", error: `导出失败：${(error as Error).message}`, finished_at: ctx.now() })
        .where("id", "=", task.id)
        .execute();
    }
  }
}

/** How often a running export writes its progress to its task row. */
const PROGRESS_EVERY_MS = 250;

/**
 * Streams the sheets into an .xlsx at `path`, one after the other. A batch of rows is asked
 * for only once the previous one is deflated and the file has room (`XlsxWriter.writeRows`),
 * so memory stays flat whatever the row count. On failure the file is closed and the error
 * thrown (the caller's `writeAtomic` removes it: no half file is ever downloadable).
 */
export async function writeWorkbook(
  path: string,
  sheets: readonly ExportSheet[],
  job: ExportJob,
  ctx: AppContext,
  onBatch: (rows: number) => Promise<void>,
): Promise<void> {
  const out = createWriteStream(path, { highWaterMark: 256 * 1024 });
  const writer = new XlsxWriter(out);
  try {
    for (const spec of sheets) {
      writer.startSheet(spec.title, spec.columns);
      for await (const batch of spec.rows(job, ctx)) {
        await writer.writeRows(batch);
        // PGlite answers queries as microtasks: without this the whole export ran in one
        // event-loop turn, and the server answered no request (and wrote no file bytes)
        // until it was done — 17 s for a million rows (BENCHMARKS.md, "Export").
        await nextTurn();
        await onBatch(batch.length);
      }
      await writer.endSheet();
    }
    await writer.finish();
  } catch (error) {
    writer.abort(error as Error);
    await streamFinished(out).catch(() => {});
    throw error;
  }
}

/** Resolves in the next event-loop turn, after pending I/O callbacks (HTTP requests, file writes). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

type ExportTaskRow = Pick<ExportTaskTable, "id" | "kind"> & { account_id: number; params: unknown };

/** yyyyMMddHHmmss in China time (UTC+8, the spec's users), for file names. */
export function stamp(d: Date): string {
  return chinaStamp(d.getTime());
}
