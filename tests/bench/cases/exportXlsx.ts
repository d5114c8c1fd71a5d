import { readFile, writeFile } from "node:fs/promises";
import { download, unwrap } from "@tsp/sdk";
import ExcelJS from "exceljs";
import { adminClient } from "../lib/client";
import type { DatabaseLocation } from "../lib/databases";
import { benchVin, hotTs } from "../lib/journalData";
import { type ServerMemory, startServerProcess } from "../lib/serverProcess";
import { round } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Figure, n } from "../lib/types";

const MB = 1024 * 1024;

/**
 * Resets the kernel's high-water mark of the process's resident set (`clear_refs` 5), so the
 * peak read after the export is the export's own — not the start-up's or the seed's. False
 * where /proc does not allow it (then getrusage's peak since start is used).
 */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** VmHWM of /proc/<pid>/status: the peak resident set since the last reset, bytes. */
async function peakSinceReset(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error("no VmHWM in /proc status");
  return Number(kb) * 1024;
}

/** One export through the API on a fresh server process: time to done, memory while it ran. */
async function exportOnce(env: BenchEnv, db: DatabaseLocation, rows: number, verify: boolean) {
  const server = await startServerProcess({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
  try {
    const { sdk } = await adminClient(server.url);
    const before = await server.memoryAfterGc();
    const resettable = await resetPeak(server.pid);
    const query = {
      vin: benchVin(0),
      startTime: hotTs(env.scale.journal.hotRows - rows),
      endTime: hotTs(env.scale.journal.hotRows - 1),
    };
    const started = performance.now();
    const submitted = unwrap(
      await sdk.GET("/tsp-hbase-proxy/vehicleLog/getLoginLog/export", { params: { query } }),
    ) as { taskId: string };
    // RSS beside the V8 heap (used/reserved) and external memory (Buffers): which one grows.
    const samples: { s: number; rssMb: number; heapMb: number; heapTotalMb: number; externalMb: number }[] = [];
    let peak: ServerMemory = before;
    for (;;) {
      const mem = await server.memory();
      peak = mem;
      samples.push({
        s: round((performance.now() - started) / 1000),
        rssMb: round(mem.rss / MB),
        heapMb: round(mem.heapUsed / MB),
        heapTotalMb: round(mem.heapTotal / MB),
        externalMb: round(mem.external / MB),
      });
      const list = unwrap(
        await sdk.GET("/comm-inc-center/v1/web/exportFile/list", { params: { query: { pageNum: 1, pageSize: 10 } } }),
      ) as {
        list: { id: string; status: string; rowCount: number | null; size: number | null; failReason: string | null }[];
      };
      const task = list.list.find((t) => t.id === submitted.taskId);
      if (task?.status === "failed") throw new Error(`export failed: ${task.failReason}`);
      if (task?.status === "done") {
        const seconds = (performance.now() - started) / 1000;
        peak = await server.memory();
        // The export's own peak: since the reset when the kernel allowed one, else since start.
        const peakRss = resettable ? await peakSinceReset(server.pid) : peak.maxRss;
        if (task.rowCount !== rows) throw new Error(`export wrote ${task.rowCount} rows, expected ${rows}`);
        let readBack: number | undefined;
        if (verify) {
          const file = await download(sdk, "/comm-inc-center/v1/web/exportFile/{id}/download", {
            params: { path: { id: task.id } },
          });
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.load(await file.blob.arrayBuffer());
          readBack = (wb.worksheets[0]?.actualRowCount ?? 0) - 1;
        }
        return { seconds, size: task.size ?? 0, before, peak, peakRss, resettable, samples, readBack };
      }
      await new Promise((r) => setTimeout(r, rows > 10_000 ? 250 : 20));
    }
  } finally {
    await server.stop();
  }
}

/**
 * Export of the hot VIN's journal to .xlsx through the API (the background worker and its
 * streaming sheet writer, platform/exports/xlsxWriter.ts), at each size of the scale, each on a
 * fresh server process. Memory: the server's RSS after a full GC just before the export
 * (idle), and its peak while the export ran (the kernel's high-water mark, reset at the start).
 */
export async function exportCase(env: BenchEnv, db: DatabaseLocation, verify = false): Promise<CaseResult> {
  const runs: Awaited<ReturnType<typeof exportOnce>>[] = [];
  for (const rows of env.scale.exportRows) runs.push(await exportOnce(env, db, rows, verify));
  const figures: Figure[] = [];
  const engine = db.engine;
  const biggest = env.scale.exportRows.at(-1) ?? 0;
  const rssNote =
    engine === "pglite"
      ? "PGlite runs inside the server process: its WebAssembly heap is part of this RSS"
      : "the server process alone (PostgreSQL is another process)";
  env.scale.exportRows.forEach((rows, i) => {
    const r = runs[i];
    if (!r) return;
    const isBiggest = rows === biggest;
    figures.push({
      case: "export journal to .xlsx",
      figure: `time to done, ${n(rows)} rows`,
      engine,
      value: round(r.seconds),
      unit: "s",
      ...(isBiggest && engine === "postgres" ? { target: "≤ 10 s (1M rows, PostgreSQL)", pass: r.seconds <= 10 } : {}),
      size: `${n(rows)} rows, ${round(r.size / MB)} MB file`,
      note: `${Math.round(rows / r.seconds).toLocaleString("en-US")} rows/s${r.readBack !== undefined ? `; read back ${r.readBack} rows` : ""}`,
    });
    const growth = r.peakRss - r.before.rss;
    figures.push({
      case: "export journal to .xlsx",
      figure: `peak RSS growth over idle, ${n(rows)} rows`,
      engine,
      value: round(growth / MB),
      unit: "MB",
      target: "≤ 50 MB",
      pass: growth <= 50 * MB,
      size: `${n(rows)} rows`,
      note: `idle ${round(r.before.rss / MB)} MB (after GC), peak ${round(r.peakRss / MB)} MB ${r.resettable ? "while it ran (VmHWM reset at the start)" : "since the process started (getrusage)"}; ${rssNote}`,
    });
  });
  const small = runs[0];
  const big = runs.at(-1);
  if (small && big && runs.length > 1) {
    const ratio = big.peakRss / small.peakRss;
    figures.push({
      case: "export journal to .xlsx",
      figure: `peak RSS ${n(biggest)} ÷ ${n(env.scale.exportRows[0] ?? 0)} rows`,
      engine,
      value: round(ratio),
      unit: "×",
      target: "the same (± 10 %)",
      pass: ratio >= 0.9 && ratio <= 1.1,
      size: `${n(env.scale.exportRows[0] ?? 0)} and ${n(biggest)} rows`,
      note: `peaks ${round(small.peakRss / MB)} MB and ${round(big.peakRss / MB)} MB; growth over idle ${round((small.peakRss - small.before.rss) / MB)} MB → ${round((big.peakRss - big.before.rss) / MB)} MB`,
    });
  }
  return {
    figures,
    details: {
      [`export.${engine}`]: runs.map((r, i) => ({ rows: env.scale.exportRows[i], rssCurve: r.samples })),
    },
  };
}
