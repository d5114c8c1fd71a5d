import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { withVinCheckDigit } from "@tsp/domain";
import ExcelJS from "exceljs";
import { type Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { IMPORT_INTERRUPTED_MSG } from "../../apps/server/src/platform/imports/queue";
import { GROUPS } from "../../apps/server/src/services/tsp-bss/ner/groups";
import { type RunningServer, startServer } from "../../apps/server/src/start";
import { testEngine } from "../../apps/server/src/testing/testServer";
import { adminToken, SMALL_SEED } from "./support/fuzzServer";
import { type ServerProcess, startServerProcess } from "./support/serverProcess";

/**
 * Crashes (issue 9): the server process is SIGKILLed in the middle of a large import and of
 * a large export, then started again on the same PGlite folder. The folder must open, the
 * import must have written all of its rows or none, and the export task must be failed (never
 * a half file marked done, never a download of one).
 *
 * Runs only on PGlite (the engine whose files a crash can damage); the data folder is made
 * once in this process (seed, extra vehicles and a long journal), then served by `main.ts`
 * in a child process that is killed.
 */
const engine = testEngine();
const IMPORT_ROWS = Number(process.env.CRASH_IMPORT_ROWS) || (process.env.SOAK === "1" ? 4000 : 300);
/** How long the import runs before the kill: the file is in, its rows are being checked. */
/** How long the first import's task runs after its upload was answered before the kill. */
const IMPORT_HEAD_START_MS = 300;
const JOURNAL_ROWS = process.env.SOAK === "1" ? 1_000_000 : 300_000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "tsp-crash-"));
let child: ServerProcess | undefined;

afterAll(async () => {
  await child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** A VIN with a valid check digit, unique per index (WMI LZZ is not used by the seed). */
function crashVin(index: number): string {
  const vin = withVinCheckDigit(`LZZCRASH0R${String(index).padStart(7, "0")}`);
  if (!vin) throw new Error(`no VIN for ${index}`);
  return vin;
}

interface Prepared {
  tenantId: number;
  heavyVin: string;
  firstTs: number;
  lastTs: number;
  template: Record<string, unknown>;
}

/** The data folder: the small demo set, 2×IMPORT_ROWS more vehicles (two imports), and one VIN with a long journal. */
async function prepare(): Promise<Prepared> {
  const server: RunningServer = await startServer(
    { host: "127.0.0.1", port: 0, dataDir, databaseUrl: undefined, consoleDir: undefined },
    { seed: SMALL_SEED },
  );
  try {
    const db = server.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const tenant = await sql<{ id: number }>`select id from tenant where code = 'T0001'`.execute(db);
    const tenantId = Number(tenant.rows[0]?.id);
    const vins = Array.from({ length: 2 * IMPORT_ROWS }, (_, i) => crashVin(i));
    for (let i = 0; i < vins.length; i += 500) {
      const rows = vins.slice(i, i + 500).map((vin) => sql`(${vin}, ${tenantId})`);
      await sql`insert into vehicle (vin, tenant_id) values ${sql.join(rows)}`.execute(db);
    }
    const frame = await sql<{
      vin: string;
      content: string;
    }>`select vin, content from vehicle_login_log order by ts limit 1`.execute(db);
    const heavyVin = String(frame.rows[0]?.vin);
    const content = String(frame.rows[0]?.content);
    const firstTs = Date.UTC(2025, 2, 1);
    const step = 2_000; // every row falls inside one 31-day export window
    await sql`insert into vehicle_login_log (vin, ts, content)
      select ${heavyVin}, ${firstTs}::bigint + g * ${step}::bigint, ${content} from generate_series(0, ${JOURNAL_ROWS - 1}) g
      on conflict do nothing`.execute(db);
    // A vehicleInfo record the seed made: its values pass the import's checks, so the sheet's rows do too.
    const rec = await sql<{ data: unknown }>`select data from ner_record where grp = 'vehicleInfo' limit 1`.execute(db);
    const data = rec.rows[0]?.data;
    if (!data) throw new Error("the seed made no vehicleInfo record to copy import rows from");
    const template = (typeof data === "string" ? JSON.parse(data) : data) as Record<string, unknown>;
    return { tenantId, heavyVin, firstTs, lastTs: firstTs + (JOURNAL_ROWS - 1) * step, template };
  } finally {
    await server.close();
  }
}

/** The vehicleInfo import sheet (VIN plus the group's columns by their Chinese labels) for some VINs. */
async function importSheet(vins: string[], template: Record<string, unknown>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("车辆信息");
  const fields = GROUPS.vehicleInfo.fields;
  sheet.addRow(["VIN", ...fields.map((f) => f.label)]);
  for (const vin of vins) sheet.addRow([vin, ...fields.map((f) => (template[f.field] ?? null) as ExcelJS.CellValue)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function postImport(base: string, token: string, file: Buffer, name: string) {
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(file)], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
    name,
  );
  return fetch(new URL("/tsp-bss/nerVehicleExcel/import/vehicleInfo", base), {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function exportTasks(base: string, token: string) {
  const res = await fetch(new URL("/comm-inc-center/v1/web/exportFile/list?pageNum=1&pageSize=50", base), {
    headers: { authorization: `Bearer ${token}` },
  });
  return (
    (await res.json()) as {
      data: { list: { id: string; status: string; progress: number; failReason: string | null }[] };
    }
  ).data.list;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Posts an import and reports how it ended: answered (with its status) or cut off by the kill. */
function importInFlight(base: string, token: string, sheet: Buffer, name: string) {
  const state = { outcome: "in flight", answered: false };
  const done = postImport(base, token, sheet, name).then(
    async (res) => {
      state.answered = true;
      state.outcome = `answered ${res.status} ${(await res.text()).slice(0, 120)}`;
    },
    () => {
      state.outcome = "cut off by the kill";
    },
  );
  return { state, done };
}

/** Rows of the vehicleInfo group written for some VINs, and their change-log entries. */
async function writtenRows(db: Kysely<unknown>, vins: string[]) {
  const records = await sql<{
    n: number;
  }>`select count(*)::int as n from ner_record where grp = 'vehicleInfo' and vin in (${sql.join(vins)})`.execute(db);
  const logs = await sql<{
    n: number;
  }>`select count(*)::int as n from ner_change_log where vin in (${sql.join(vins)})`.execute(db);
  return { records: Number(records.rows[0]?.n), logs: Number(logs.rows[0]?.n) };
}

describe.skipIf(engine.skip || engine.kind !== "pglite")("SIGKILL during a large import and a large export", () => {
  it("restarts on the same PGlite folder with no partial import and the export failed, never half a file marked done", async () => {
    const prepared = await prepare();
    child = await startServerProcess(dataDir);
    let token = await adminToken(child.url);

    // ---- 1. a large export: SIGKILL while its task is running ----
    const query = new URLSearchParams({
      vin: prepared.heavyVin,
      startTime: String(prepared.firstTs),
      endTime: String(Math.min(prepared.lastTs, prepared.firstTs + 30 * 24 * 3600 * 1000)),
    });
    const submitted = await fetch(new URL(`/tsp-hbase-proxy/vehicleLog/getLoginLog/export?${query}`, child.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(submitted.status).toBe(200);
    const taskId = ((await submitted.json()) as { data: { taskId: string } }).data.taskId;
    let seen = "queued";
    for (let i = 0; i < 600 && seen !== "running"; i++) {
      seen = (await exportTasks(child.url, token)).find((t) => t.id === taskId)?.status ?? "missing";
      if (seen === "done" || seen === "failed") break;
      if (seen !== "running") await sleep(50);
    }
    expect(seen, "the export must still be running when the process is killed (make the journal longer)").toBe(
      "running",
    );
    await child.kill("SIGKILL");

    // The folder opens again; the dead export is failed and cannot be downloaded.
    child = await startServerProcess(dataDir);
    token = await adminToken(child.url);
    const task = (await exportTasks(child.url, token)).find((t) => t.id === taskId);
    expect(task?.status).toBe("failed");
    expect(task?.failReason).toMatch(/[\u4e00-\u9fff]/);
    const download = await fetch(new URL(`/comm-inc-center/v1/web/exportFile/${taskId}/download`, child.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(404);

    // ---- 2. a large import: SIGKILL while its rows are being checked ----
    const first = Array.from({ length: IMPORT_ROWS }, (_, i) => crashVin(i));
    const second = Array.from({ length: IMPORT_ROWS }, (_, i) => crashVin(IMPORT_ROWS + i));
    // The upload is answered at once with a task (a loaded machine may take seconds): the kill
    // comes once the task is accepted, while its worker reads and checks the rows.
    const early = importInFlight(child.url, token, await importSheet(first, prepared.template), "首批.xlsx");
    for (let i = 0; i < 3000 && !early.state.answered; i++) await sleep(20);
    await sleep(IMPORT_HEAD_START_MS);
    await child.kill("SIGKILL");
    await early.done;
    console.log(
      `crash: import of ${IMPORT_ROWS} rows killed ${IMPORT_HEAD_START_MS} ms after its answer: ${early.state.outcome}`,
    );

    // ---- 3. another import: SIGKILL the moment its first row can be read ----
    // Sheet order is write order: the first VIN shows once writing has begun (or committed).
    child = await startServerProcess(dataDir);
    token = await adminToken(child.url);
    const late = importInFlight(child.url, token, await importSheet(second, prepared.template), "次批.xlsx");
    const firstRow = new URL(`/tsp-bss/nerVehicleInfo/single/vechicleInfo?vin=${second[0]}`, child.url);
    // The upload is answered at once (imports run as tasks): wait for the first row itself.
    for (let i = 0; i < 6000; i++) {
      const res = await fetch(firstRow, { headers: { authorization: `Bearer ${token}` } });
      if (((await res.json()) as { data: unknown }).data !== null) break;
      await sleep(20);
    }
    await child.kill("SIGKILL");
    await late.done;
    child = undefined;
    console.log(`crash: import of ${IMPORT_ROWS} rows killed at its first visible row: ${late.state.outcome}`);

    // ---- the folder, opened again in this process after the last SIGKILL ----
    const reopened = await startServer({
      host: "127.0.0.1",
      port: 0,
      dataDir,
      databaseUrl: undefined,
      consoleDir: undefined,
    });
    try {
      // A task still queued at the kill runs now: its file is saved whole before the counts.
      await reopened.ctx.imports.idle();
      const db = reopened.db as unknown as Kysely<unknown>;
      const tasks = await sql<{
        file_name: string;
        status: string;
        error: string | null;
        file_key: string | null;
      }>`select file_name, status, error, file_key from import_task order by created_at`.execute(db);
      console.log(
        `crash: import tasks after the kills: ${tasks.rows.map((t) => `${t.file_name} ${t.status}`).join(", ")}`,
      );
      // Both uploads were answered before their kill, so each has its task.
      expect(early.state.answered && late.state.answered).toBe(true);
      expect(tasks.rows.map((t) => t.file_name)).toEqual(["首批.xlsx", "次批.xlsx"]);
      for (const t of tasks.rows) {
        expect(["done", "failed"]).toContain(t.status);
        // A task killed while running is failed on restart, saying nothing of its file was saved.
        if (t.status === "failed") expect(t.error).toBe(IMPORT_INTERRUPTED_MSG);
        expect(t.file_key).toBeNull();
      }
      for (const [index, [name, vins]] of (
        [
          ["first", first],
          ["second", second],
        ] as const
      ).entries()) {
        const { records, logs } = await writtenRows(db, vins);
        // The task says what happened: done in the same commit as the rows, failed with none saved.
        expect(records, `${name} import's task is ${tasks.rows[index]?.status}`).toBe(
          tasks.rows[index]?.status === "done" ? IMPORT_ROWS : 0,
        );
        console.log(
          `crash: ${name} import after the kill: ${records} of ${IMPORT_ROWS} rows, ${logs} change-log entries`,
        );
        expect([0, IMPORT_ROWS], `${name} import is all or nothing`).toContain(records);
        expect(logs === 0, `${name} import's change log matches its rows`).toBe(records === 0);
      }
      const row = await sql<{
        status: string;
        object_key: string | null;
      }>`select status, object_key from export_task where id = ${taskId}`.execute(db);
      expect(row.rows[0]?.status).toBe("failed");
      expect(row.rows[0]?.object_key ?? null).toBeNull();
      const files = await readdir(reopened.ctx.objects.root, { recursive: true }).catch(() => [] as string[]);
      expect(files.filter((f) => f.endsWith(`${taskId}.xlsx`))).toEqual([]);
      const leftovers = files.filter((f) => f.includes(taskId));
      console.log(
        `crash: files of the killed export left in the object store: ${leftovers.length === 0 ? "none" : leftovers.join(", ")}`,
      );
    } finally {
      await reopened.close();
    }
  }, 600_000);
});
