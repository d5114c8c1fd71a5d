import { createTspClient, cursorPages, fileNameOf, items, memoryTokenStore } from "@tsp/sdk";
import { type JournalRow, streamJournal } from "@tsp/sdk/stream";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { type Answer, signIn, textOf } from "./support/contract";
import { JOURNAL_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let adminToken: string;
/** A vehicle of the demo tenant, one of the isolation tenant, one of the demo tenant's sub-tenant. */
let vin: string;
let otherTenantVin: string;
let subTenantVin: string;

const DAY = 24 * 3600 * 1000;
/** The seed puts 60 sessions (2 a day) in the 30 days before "now": a 31-day window holds all. */
const JOURNAL_PER_VEHICLE = 60;
let range: { startTime: number; endTime: number };

async function dbRows(table: "vehicle_login_log" | "vehicle_logout_log", v: string) {
  const rows = await server.db
    .selectFrom(table)
    .select(["vin", "ts", "content"])
    .where("vin", "=", v)
    .where("ts", ">=", range.startTime)
    .where("ts", "<=", range.endTime)
    .orderBy("ts", "desc")
    .execute();
  return rows.map((r) => ({ vin: r.vin, time: Number(r.ts), content: r.content }));
}

/** An SDK client of the test server signed in with `token`, optionally over a fetch of its own. */
const client = (token: string, fetch?: typeof globalThis.fetch) =>
  createTspClient({ baseUrl: base, tokenStore: memoryTokenStore(token), ...(fetch ? { fetch } : {}) });

/** Every row a stream yields. */
async function collect(rows: AsyncIterable<JournalRow>) {
  const all: JournalRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe.skipIf(engine.skip)(`tsp-hbase-proxy journals and exports contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({
      seed: { sizes: { vehiclesPerTenant: 4, journalPerVehicle: JOURNAL_PER_VEHICLE } },
    });
    base = server.url;
    ({ token: adminToken } = await signIn(base, "admin", "Admin@123456"));
    // Vehicles that report (the seed also files vehicles that never sent a frame).
    const vehicles = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vin", "tenant.code"])
      .where((eb) =>
        eb.exists(eb.selectFrom("vehicle_login_log as l").select("l.vin").whereRef("l.vin", "=", "vehicle.vin")),
      )
      .orderBy("vin")
      .execute();
    const byTenant = (code: string) => vehicles.find((v) => v.code === code)?.vin ?? "";
    vin = byTenant("T0001");
    otherTenantVin = byTenant("T0002");
    subTenantVin = byTenant("T0001-01");
    const now = server.ctx.now().getTime();
    range = { startTime: now - 31 * DAY, endTime: now };
  }, 120_000);
  afterAll(() => server?.stop());

  it("seeds VINs with valid check digits and GB/T 32960 frames whose VIN and ICCID match the vehicle", async () => {
    const { isVinCheckDigitValid, decodeMessage } = await import("@tsp/domain");
    expect(isVinCheckDigitValid(vin)).toBe(true);
    const rows = await dbRows("vehicle_login_log", vin);
    expect(rows.length).toBe(JOURNAL_PER_VEHICLE);
    const first = rows[0];
    const decoded = decodeMessage(first?.content ?? "");
    expect(decoded.ok).toBe(true);
    const vehicle = await server.db
      .selectFrom("vehicle")
      .select("iccid")
      .where("vin", "=", vin)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(decoded)).toContain(vin);
    expect(JSON.stringify(decoded)).toContain(vehicle.iccid ?? "none");
  });

  for (const [operationId, table] of [
    ["getLoginLog", "vehicle_login_log"],
    ["getLogoutLog", "vehicle_logout_log"],
  ] as const) {
    for (const reportTimeDesc of [true, false]) {
      it(`${operationId}: walks the whole journal by nextKey ${reportTimeDesc ? "newest" : "oldest"} first, every row exactly once`, async () => {
        const expected = await dbRows(table, vin);
        if (!reportTimeDesc) expected.reverse();
        const pages: number[] = [];
        const fetchPage = async (rowKey: string | undefined) => {
          const { status, body } = await ledger.call(operationId, {
            token: adminToken,
            query: { vin, ...range, reportTimeDesc, pageSize: 7, rowKey },
          });
          expect(status).toBe(200);
          const page = (body as Answer).data as {
            list: { vin: string; time: number; content: string }[];
            nextKey: string | null;
          };
          pages.push(page.list.length);
          return page;
        };
        const rows: { time: number }[] = [];
        for await (const row of items(cursorPages(fetchPage))) rows.push(row);
        expect(rows).toEqual(expected);
        expect(new Set(rows.map((r) => r.time)).size).toBe(JOURNAL_PER_VEHICLE);
        expect(pages.length).toBe(Math.ceil(JOURNAL_PER_VEHICLE / 7));
      });
    }
  }

  it("refuses a forged, altered or foreign nextKey with 400", async () => {
    const first = await ledger.call("getLoginLog", { token: adminToken, query: { vin, ...range, pageSize: 5 } });
    const key = first.body.data.nextKey as string;
    expect(key).toBeTruthy();
    const [payload, mac] = key.split(".");
    const decoded = Buffer.from(payload ?? "", "base64url").toString();
    const earlier = decoded.replace(/\|(\d+)$/, (_m, ts: string) => `|${Number(ts) - 1}`);
    const forged = [
      `${Buffer.from(earlier).toString("base64url")}.${mac}`,
      `${payload}.${"A".repeat(43)}`,
      "not-a-key",
    ];
    for (const rowKey of forged) {
      const res = await ledger.call("getLoginLog", {
        token: adminToken,
        query: { vin, ...range, pageSize: 5, rowKey },
      });
      expect(res.status).toBe(400);
      expect(res.body.data.failDetail[0].field).toBe("rowKey");
    }
    // A key is bound to its journal, order and range.
    const otherOrder = await ledger.call("getLoginLog", {
      token: adminToken,
      query: { vin, ...range, pageSize: 5, rowKey: key, reportTimeDesc: false },
    });
    expect(otherOrder.status).toBe(400);
    const otherJournal = await ledger.call("getLogoutLog", {
      token: adminToken,
      query: { vin, ...range, pageSize: 5, rowKey: key },
    });
    expect(otherJournal.status).toBe(400);
  });

  it("validates VIN, time range, page size with Chinese messages", async () => {
    const bad = [
      { vin: "SHORT", ...range },
      { vin, startTime: range.startTime },
      { vin, ...range, pageSize: 1001 },
      { vin, ...range, pageSize: 0 },
      { vin, startTime: range.endTime, endTime: range.startTime },
      { vin, startTime: range.endTime - 40 * DAY, endTime: range.endTime },
      { vin, startTime: "yesterday", endTime: range.endTime },
    ];
    for (const query of bad) {
      const res = await ledger.call("getLoginLog", { token: adminToken, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.body.data.failDetail.length).toBeGreaterThan(0);
    }
    const span = await ledger.call("getLoginLog", {
      token: adminToken,
      query: { vin, startTime: range.endTime - 40 * DAY, endTime: range.endTime },
    });
    expect(span.body.msg).toBe("查询参数不正确");
    expect(span.body.data.failDetail[0]).toEqual({ field: "endTime", msg: "查询时间跨度不能超过31天" });
  });

  it("shows a second tenant none of the first tenant's rows, and the parent tenant its sub-tenant's rows", async () => {
    const other = await signIn(base, "tenant2admin", "Admin@123456");
    const foreign = await ledger.call("getLoginLog", { token: other.token, query: { vin, ...range, pageSize: 100 } });
    expect(foreign.body.data).toEqual({ list: [], nextKey: null });
    const own = await ledger.call("getLoginLog", {
      token: other.token,
      query: { vin: otherTenantVin, ...range, pageSize: 100 },
    });
    expect(own.body.data.list.length).toBe(JOURNAL_PER_VEHICLE);
    const adminOnOther = await ledger.call("getLogoutLog", {
      token: adminToken,
      query: { vin: otherTenantVin, ...range },
    });
    expect(adminOnOther.body.data.list).toEqual([]);
    const sub = await ledger.call("getLoginLog", {
      token: adminToken,
      query: { vin: subTenantVin, ...range, pageSize: 100 },
    });
    expect(sub.body.data.list.length).toBe(JOURNAL_PER_VEHICLE);
    const overview = await ledger.call("getHomeOverview", { token: other.token });
    expect(overview.body.data.vehicleCount).toBe(4);
  });

  describe("streamJournal (NDJSON range for scripts)", () => {
    it("answers NDJSON rows in the page's row schema and an end line, checked against openapi/", async () => {
      const res = await ledger.call("streamJournal", {
        token: adminToken,
        query: { journal: "logout", vin, ...range },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
      const lines = textOf(res)
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines.slice(0, -1)).toEqual(await dbRows("vehicle_logout_log", vin));
      expect(lines.at(-1)).toEqual({ nextKey: null, rows: JOURNAL_PER_VEHICLE, end: true });
    });

    for (const [journal, table] of [
      ["login", "vehicle_login_log"],
      ["logout", "vehicle_logout_log"],
    ] as const) {
      it(`${journal}: the SDK iterator yields every row once in either order, following limit's nextKey`, async () => {
        const expected = await dbRows(table, vin);
        const sdk = client(adminToken);
        expect(await collect(streamJournal(sdk, { journal, vin, ...range }))).toEqual(expected);
        const asc = await collect(streamJournal(sdk, { journal, vin, ...range, reportTimeDesc: false, limit: 25 }));
        expect(asc).toEqual(expected.toReversed());
        const single = await collect(streamJournal(sdk, { journal, vin, ...range, limit: 25 }, { single: true }));
        expect(single).toEqual(expected.slice(0, 25));
      });
    }

    it("continues from a page's nextKey, and resumes a cut stream from its last checkpoint without repeats", async () => {
      const expected = await dbRows("vehicle_login_log", vin);
      const page = await ledger.call("getLoginLog", { token: adminToken, query: { vin, ...range, pageSize: 10 } });
      const rest = await collect(
        streamJournal(client(adminToken), { journal: "login", vin, ...range, rowKey: page.body.data.nextKey }),
      );
      expect(rest).toEqual(expected.slice(10));
      // The first answer is cut after ~3 rows (no end line); the end line's limit cut gives checkpoints.
      let calls = 0;
      const cutting = (async (request: Request) => {
        const answer = await fetch(request);
        if (calls++ > 0 || !answer.body) return answer;
        const text = await answer.text();
        const cut = text.split("\n").slice(0, 3).join("\n").slice(0, -20);
        return new Response(cut, { status: answer.status, headers: answer.headers });
      }) as typeof fetch;
      const cutOnce = client(adminToken, cutting);
      await expect(collect(streamJournal(cutOnce, { journal: "login", vin, ...range }))).rejects.toMatchObject({
        kind: "network",
      });
      calls = 0;
      const resumed = await collect(streamJournal(cutOnce, { journal: "login", vin, ...range }, { resume: 1 }));
      expect(resumed).toEqual(expected);
      expect(calls).toBe(2);
    });

    it("writes a checkpoint after each batch of 5,000 rows and resumes a cut stream at the last one", async () => {
      // 12,000 rows three days before the range the other tests read, so they still see 60.
      const n = 12_000;
      const from = range.startTime - 3 * DAY;
      const rows = Array.from({ length: n }, (_, i) => ({ vin, ts: from + i * 1000, content: "2323" }));
      for (let i = 0; i < n; i += 4000)
        await server.db
          .insertInto("vehicle_login_log")
          .values(rows.slice(i, i + 4000))
          .execute();
      const window = { startTime: from, endTime: from + n * 1000 };
      const res = await ledger.call("streamJournal", {
        token: adminToken,
        query: { journal: "login", vin, ...window },
      });
      const lines = textOf(res)
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const marks = lines.flatMap((l, i) => ("nextKey" in l ? [i] : []));
      expect(marks).toEqual([5000, 10_001, 12_002]);
      expect(lines.at(-1)).toEqual({ nextKey: null, rows: n, end: true });
      const checkpoint = lines[5000]?.nextKey as string;
      // Cut 100 rows past the first checkpoint: the second call starts at it, the 100 are not repeated.
      const urls: string[] = [];
      const cutting = (async (request: Request) => {
        urls.push(request.url);
        const answer = await fetch(request);
        if (urls.length > 1) return answer;
        const text = (await answer.text()).split("\n").slice(0, 5101).join("\n");
        return new Response(`${text}\n`, { status: answer.status, headers: answer.headers });
      }) as typeof fetch;
      const got = await collect(
        streamJournal(client(adminToken, cutting), { journal: "login", vin, ...window }, { resume: 1 }),
      );
      expect(got.map((r) => r.time)).toEqual(rows.map((r) => r.ts).toReversed());
      expect(urls.length).toBe(2);
      expect(new URL(urls[1] ?? "").searchParams.get("rowKey")).toBe(checkpoint);
    });

    it("gives another tenant's vehicle as an empty journal, and stops when the script breaks or aborts", async () => {
      const other = await signIn(base, "tenant2admin", "Admin@123456");
      const foreign = await ledger.call("streamJournal", {
        token: other.token,
        query: { journal: "login", vin, ...range },
      });
      expect(textOf(foreign)).toBe(`${JSON.stringify({ nextKey: null, rows: 0, end: true })}\n`);
      const sdk = client(adminToken);
      let seen = 0;
      for await (const row of streamJournal(sdk, { journal: "login", vin, ...range })) {
        expect(row.vin).toBe(vin);
        if (++seen === 2) break;
      }
      expect(seen).toBe(2);
      const aborted = new AbortController();
      aborted.abort();
      await expect(
        collect(streamJournal(sdk, { journal: "login", vin, ...range }, { signal: aborted.signal })),
      ).rejects.toMatchObject({ kind: "cancelled" });
    });

    it("refuses bad input with the 400 envelope before streaming (Chinese messages, failDetail)", async () => {
      const key = (await ledger.call("getLoginLog", { token: adminToken, query: { vin, ...range, pageSize: 5 } })).body
        .data.nextKey as string;
      const bad = [
        { journal: "login", vin, ...range, rowKey: `${key.slice(0, -2)}AA` },
        { journal: "logout", vin, ...range, rowKey: key },
        { journal: "trips", vin, ...range },
        { journal: "login", vin, startTime: range.endTime - 40 * DAY, endTime: range.endTime },
        { journal: "login", vin, ...range, limit: 0 },
        { journal: "login", vin: "SHORT", ...range },
      ];
      for (const query of bad) {
        const res = await ledger.call("streamJournal", { token: adminToken, query });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
        expect(res.body.data.failDetail.length).toBeGreaterThan(0);
      }
      await expect(
        collect(
          streamJournal(client(adminToken), {
            journal: "login",
            vin,
            startTime: range.endTime,
            endTime: range.startTime,
          }),
        ),
      ).rejects.toMatchObject({ kind: "api", status: 400, failDetail: [{ field: "endTime" }] });
    });
  });

  it("exports a journal as a background task: listed, done, and the .xlsx reads back with the right rows", async () => {
    const submitted = await ledger.call("exportLoginLog", {
      token: adminToken,
      query: { vin, ...range, reportTimeDesc: true },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.msg).toBe("导出任务已提交，请到导出文件列表查看");
    const taskId = submitted.body.data.taskId as string;
    await server.ctx.exports.idle();
    const list = await ledger.call("getExportFileList", { token: adminToken, query: { pageNum: 1, pageSize: 10 } });
    const task = (list.body.data.list as { id: string; status: string; rowCount: number; operation: string }[]).find(
      (t) => t.id === taskId,
    );
    expect(task).toMatchObject({ status: "done", rowCount: JOURNAL_PER_VEHICLE, operation: "exportLoginLog" });
    const file = await ledger.call("downloadExportFile", { token: adminToken, path: { id: taskId } });
    expect(file.status).toBe(200);
    expect(fileNameOf(file.headers.get("content-disposition"))).toBe(submitted.body.data.name);
    expect(file.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, "VIN", "登入时间", "原始报文"]);
    const expected = await dbRows("vehicle_login_log", vin);
    expect((sheet?.rowCount ?? 0) - 1).toBe(expected.length);
    for (let i = 0; i < expected.length; i++) {
      const row = sheet?.getRow(i + 2);
      expect(row?.getCell(1).value).toBe(vin);
      expect(row?.getCell(3).value).toBe(expected[i]?.content);
      // A real date cell holding China wall time (Excel has no zones; exceljs reads it as UTC).
      expect(row?.getCell(2).value).toEqual(new Date((expected[i]?.time ?? 0) + 8 * 3600 * 1000));
      expect(row?.getCell(2).numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    }
  });

  it("scopes export files to their account and refuses bad ids", async () => {
    const submitted = await ledger.call("exportLogoutLog", { token: adminToken, query: { vin, ...range } });
    await server.ctx.exports.idle();
    const other = await signIn(base, "tenant2admin", "Admin@123456");
    const list = await ledger.call("getExportFileList", { token: other.token });
    expect(list.body.data).toEqual({ list: [], total: 0 });
    const theirs = await ledger.call("downloadExportFile", {
      token: other.token,
      path: { id: submitted.body.data.taskId },
    });
    expect(theirs.status).toBe(404);
    const badId = await ledger.call("downloadExportFile", { token: adminToken, path: { id: "not-a-uuid" } });
    expect(badId.status).toBe(400);
    const badStatus = await ledger.call("getExportFileList", { token: adminToken, query: { status: "lost" } });
    expect(badStatus.status).toBe(400);
    const done = await ledger.call("getExportFileList", { token: adminToken, query: { status: "done", pageSize: 1 } });
    expect(done.body.data.total).toBeGreaterThanOrEqual(1);
    expect(done.body.data.list.length).toBe(1);
  });

  it("marks tasks a dead process left running as failed on start, and never lists a half file as done", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    const account = await server.db
      .selectFrom("account")
      .select("id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("export_task")
      .values({
        id,
        account_id: account.id,
        kind: "exportLoginLog",
        file_name: "半成品.xlsx",
        status: "running",
        progress: 40,
        row_count: 0,
        params: JSON.stringify({ params: {}, tenantIds: [] }),
        created_at: new Date(),
      })
      .execute();
    await server.ctx.exports.start(server.ctx);
    const task = await server.db.selectFrom("export_task").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(task.status).toBe("failed");
    expect(task.object_key).toBeNull();
    const res = await ledger.call("downloadExportFile", { token: adminToken, path: { id } });
    expect(res.status).toBe(404);
  });

  it("deletes the files of expired exports and hides them from the list", async () => {
    const submitted = await ledger.call("exportLogoutLog", { token: adminToken, query: { vin, ...range } });
    await server.ctx.exports.idle();
    const id = submitted.body.data.taskId as string;
    const done = await server.db.selectFrom("export_task").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(done.status).toBe("done");
    expect(await server.ctx.objects.size(done.object_key ?? "")).toBeGreaterThan(0);
    await server.db
      .updateTable("export_task")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    expect(await server.ctx.exports.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await server.ctx.objects.size(done.object_key ?? "")).toBeNull();
    const list = await ledger.call("getExportFileList", { token: adminToken, query: { pageSize: 100 } });
    expect((list.body.data.list as { id: string }[]).map((t) => t.id)).not.toContain(id);
    expect((await ledger.call("downloadExportFile", { token: adminToken, path: { id } })).status).toBe(404);
  });

  it("rejects a bad export request with 400 and queues nothing", async () => {
    const before = await server.db
      .selectFrom("export_task")
      .select(server.db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await ledger.call("exportLoginLog", {
      token: adminToken,
      query: { vin, startTime: range.endTime, endTime: range.startTime },
    });
    expect(res.status).toBe(400);
    const noVin = await ledger.call("exportLogoutLog", { token: adminToken, query: { ...range } });
    expect(noVin.status).toBe(400);
    const after = await server.db
      .selectFrom("export_task")
      .select(server.db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("called every operation it owns through @tsp/sdk with good and bad input", () => {
    ledger.expectCovered(JOURNAL_OPS);
  });
});
