import { openAsBlob } from "node:fs";
import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { GROUPS } from "../../../apps/server/src/services/tsp-bss/ner/groups";
import { templateColumns } from "../../../apps/server/src/services/tsp-bss/ner/template";
import { startServer } from "../../../apps/server/src/start";
import { adminClient } from "../lib/client";
import { benchDatabase } from "../lib/databases";
import { benchVin, insertVehicles } from "../lib/journalData";
import { startServerProcess } from "../lib/serverProcess";
import { round } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Engine, type Figure, n } from "../lib/types";

const MB = 1024 * 1024;
const IMPORT_PATH = "/tsp-bss/nerVehicleExcel/import/vehicleInfo";

/** How often the bench asks for the import task (the console asks every 500 ms). */
const POLL_MS = 100;

/** The per-row report of a done import task. */
type Report = { all?: number; success?: number; failed?: number; rows?: unknown[] };

/** Every 100th row carries a VIN with a wrong check digit, so the per-row report has work. */
const BAD_EVERY = 100;

/**
 * A vehicle-info import sheet (the group's template: VIN and the group's columns, values as in
 * openapi's examples) for VINs `benchVin(0..rows-1, 1)`, written with exceljs's streaming writer.
 */
export async function writeImportSheet(file: string, rows: number): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = wb.addWorksheet("车辆信息");
  // The import's own column list (the one the template and the import read), keyed by header.
  sheet.columns = templateColumns(GROUPS.vehicleInfo).map(({ header }) => ({ header, key: header }));
  for (let i = 0; i < rows; i++) {
    const vin = benchVin(i, 1);
    sheet
      .addRow({
        VIN: i % BAD_EVERY === BAD_EVERY - 1 ? `${vin.slice(0, 8)}${vin[8] === "X" ? "1" : "X"}${vin.slice(9)}` : vin,
        车牌号: `沪A${String.fromCharCode(65 + (Math.floor(i / 100_000) % 8))}${String(i % 100_000).padStart(5, "0")}`,
        车牌颜色: "渐变绿",
        车辆用途: "非营运",
        购车方式: "个人",
        购车日期: "2025-03-01",
        车身颜色: "白色",
        注册日期: "2025-03-08",
      })
      .commit();
  }
  sheet.commit();
  await wb.commit();
}

async function importOnce(env: BenchEnv, engine: Engine, rows: number) {
  const db = await benchDatabase(env, engine, `import-${env.scale.name}`, true);
  const seeding = await startServer(
    { host: "127.0.0.1", port: 0, dataDir: db.dataDir, databaseUrl: db.databaseUrl, consoleDir: undefined },
    { logger: false },
  );
  try {
    await insertVehicles(seeding.db, rows, 1);
  } finally {
    await seeding.close();
  }
  const file = path.join(env.workDir, `import-${rows}.xlsx`);
  await writeImportSheet(file, rows);
  const bytes = (await stat(file)).size;
  const server = await startServerProcess({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
  try {
    const { token } = await adminClient(server.url);
    const before = await server.memoryAfterGc();
    const form = new FormData();
    form.append("file", await openAsBlob(file), "车辆信息导入.xlsx");
    const started = performance.now();
    const res = await fetch(new URL(IMPORT_PATH, server.url), {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const answered = (performance.now() - started) / 1000;
    const submitted = (await res.json()) as { msg: string; data: { taskId?: string } | null };
    // The import runs as a task (issue 21): the report is there once getImportTask says done.
    let body: { msg: string; data: Report | null } = { msg: submitted.msg, data: null };
    const taskId = submitted.data?.taskId;
    if (res.status === 200 && taskId) {
      for (;;) {
        const poll = await fetch(new URL(`/comm-inc-center/v1/web/importTask/${taskId}`, server.url), {
          headers: { authorization: `Bearer ${token}` },
        });
        const task = (
          (await poll.json()) as { data: { status: string; failReason: string | null; report: Report | null } }
        ).data;
        if (task.status === "done") {
          body = { msg: "done", data: task.report };
          break;
        }
        if (task.status === "failed") {
          body = { msg: task.failReason ?? "failed", data: null };
          break;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = await server.memory();
    return { rows, bytes, status: res.status, body, seconds, answered, before, peak };
  } finally {
    await server.stop();
  }
}

/** `uptime`'s load averages (the machine is shared: the notes say how busy it was). */
function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
}

/**
 * Import of an N-row vehicle .xlsx with its per-row report, through the API, on a fresh server
 * process (peak RSS is that process's). When the server refuses the file for its size (a
 * synchronous import's row cap), the case says so and also measures an import at the cap.
 */
export async function importCase(env: BenchEnv, engine: Engine): Promise<CaseResult> {
  const figures: Figure[] = [];
  const describe = (r: Awaited<ReturnType<typeof importOnce>>, target: boolean) => {
    const ok = r.status === 200 && r.body.data?.all === r.rows;
    figures.push({
      case: "import vehicle .xlsx with per-row report",
      figure: `time to the report, ${n(r.rows)} rows`,
      engine,
      value: round(r.seconds),
      unit: "s",
      ...(target ? { target: "≤ 10 s (100k rows)", pass: ok && r.seconds <= 10 } : {}),
      size: `${n(r.rows)} rows, ${round(r.bytes / MB)} MB file`,
      note: `${
        ok
          ? `${r.body.data?.success} saved, ${r.body.data?.failed} rejected with reasons`
          : `HTTP ${r.status}: ${r.body.msg} — no report`
      }; upload → task done (getImportTask polled every ${POLL_MS} ms), the upload answered in ${round(r.answered)} s; load average at the run: ${loadAverage()}`,
    });
    figures.push({
      case: "import vehicle .xlsx with per-row report",
      figure: `server peak RSS growth, ${n(r.rows)} rows`,
      engine,
      value: round((r.peak.maxRss - r.before.rss) / MB),
      unit: "MB",
      ...(target ? { target: "≤ 100 MB (100k rows)", pass: ok && r.peak.maxRss - r.before.rss <= 100 * MB } : {}),
      size: `${n(r.rows)} rows`,
      note: `peak ${round(r.peak.maxRss / MB)} MB over ${round(r.before.rss / MB)} MB before the upload${engine === "pglite" ? "; includes PGlite's WebAssembly heap (the one transaction's writes)" : ""}`,
    });
    return ok;
  };
  const full = await importOnce(env, engine, env.scale.importRows);
  const accepted = describe(full, true);
  const cap = /不能超过(\d+)行/.exec(full.body.msg)?.[1];
  if (!accepted && cap && Number(cap) < env.scale.importRows)
    describe(await importOnce(env, engine, Number(cap)), false);
  return { figures };
}
