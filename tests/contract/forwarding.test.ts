import {
  chinaDay,
  defaultForwardDays,
  MSG_FORWARD_DAY,
  MSG_FORWARD_DAYS_REVERSED,
  MSG_FORWARD_DAYS_TOO_MANY,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { sheetRows } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { FORWARDING_OPS } from "./support/owners";

/**
 * Contract of 转发统计 (issue 19): the seeded week of forwarding (the forwarder's log and cursors
 * over HJ 1239 frames of the forwarded machines) counted per platform and day — forwarded =
 * acknowledged + failed, the outage's 补发, the queue's pending — with the chart and totals of
 * the same figures, each tenant its own platforms, the range checked by @tsp/domain, and the
 * export read back. The forwarding itself is proven by apps/server/src/forwarder/forwarder.test.ts
 * and tests/robustness/forwarderCrash.test.ts.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let tenant2: string;
const ledger = new CallLedger(() => server.url);

type Figures = { forwarded: number; acknowledged: number; failed: number; resent: number; pending: number };
type Stats = {
  list: (Figures & { day: string; platformId: number; platformName: string })[];
  total: number;
  chart: (Figures & { day: string })[];
  totals: Figures;
  links: { platformId: number; platformName: string; protocol: string; state: string }[];
};

const sum = (rows: Figures[], k: keyof Figures) => rows.reduce((n, r) => n + r[k], 0);

describe.skipIf(engine.skip)(`转发统计 contract (${engine.kind})`, () => {
  const range = defaultForwardDays(chinaDay(Date.now()));
  const stats = async (token: string, query: Record<string, unknown> = {}) => {
    const res = await ledger.call("listForwardStatistics", { token, query: { ...range, pageSize: 100, ...query } });
    expect(res.status).toBe(200);
    return res.body.data as Stats;
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token", async () => {
    for (const id of FORWARDING_OPS) {
      const op = operation(id);
      expect((await ledger.call(id, op.method === "post" && op.requestBody ? { body: {} } : {})).status, id).toBe(401);
    }
  });

  it("counts the seeded week per platform and day: forwarded = acknowledged + failed, the outage's 补发, the queue", async () => {
    const s = await stats(admin);
    const platforms = new Set(s.list.map((r) => r.platformId));
    expect(s.total).toBe(7 * platforms.size);
    expect(s.list[0]?.day).toBe(range.endDay);
    expect(s.chart.map((d) => d.day)).toHaveLength(7);
    expect(s.chart[0]?.day).toBe(range.startDay);
    for (const r of s.list) expect(r.forwarded).toBe(r.acknowledged + r.failed);
    expect(s.totals.forwarded).toBeGreaterThan(100);
    expect(s.totals.failed).toBeGreaterThan(0);
    expect(s.totals.resent).toBeGreaterThan(0);
    expect(s.totals.pending).toBeGreaterThan(0);
    // The totals are the chart's sum, which is the rows' sum.
    for (const k of ["forwarded", "acknowledged", "failed", "resent", "pending"] as const) {
      expect(s.totals[k], k).toBe(sum(s.chart, k));
      expect(s.totals[k], k).toBe(sum(s.list, k));
    }
    // 补发 only on the outage's day (three days ago).
    const outage = s.chart.filter((d) => d.resent > 0).map((d) => d.day);
    expect(outage).toEqual([s.chart[3]?.day]);
    // The GB/T 32960 platform gets no HJ 1239 frames; no forwarder runs in a test server.
    const byName = new Map(s.links.map((l) => [l.platformName, l]));
    expect(byName.get("主机厂企业平台")?.protocol).toBe("gb32960");
    const maker = s.list.filter((r) => r.platformName === "主机厂企业平台");
    expect(sum(maker, "forwarded") + sum(maker, "pending")).toBe(0);
    expect(s.links.every((l) => l.state === "idle")).toBe(true);

    // One platform; a page.
    const one = s.list.find((r) => r.forwarded > 0) as Stats["list"][number];
    const only = await stats(admin, { platformId: one.platformId });
    expect(new Set(only.list.map((r) => r.platformId))).toEqual(new Set([one.platformId]));
    const page = await stats(admin, { pageNum: 2, pageSize: 5 });
    expect(page.list).toEqual(s.list.slice(5, 10));
    expect(page.totals).toEqual(s.totals);

    // Tenant 2 sees its own platforms only; another tenant's platform id gives nothing.
    const theirs = await stats(tenant2);
    const mine = new Set(s.links.map((l) => l.platformId));
    expect(theirs.links.length).toBeGreaterThan(0);
    expect(theirs.links.some((l) => mine.has(l.platformId))).toBe(false);
    const foreign = await stats(tenant2, { platformId: one.platformId });
    expect(foreign).toMatchObject({ list: [], total: 0, links: [] });
  });

  it("refuses a bad range with the domain's message on the field, writing nothing", async () => {
    const tables = await tablesOf(server.db as Kysely<unknown>);
    const before = await fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
    const bad = async (op: string, query: Record<string, unknown>, field: string, msg: string) => {
      const res = await ledger.call(op, { token: admin, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.data.failDetail).toContainEqual({ field, msg });
    };
    // A day the calendar lacks: the contract's date format answers first, on the field.
    const feb30 = await ledger.call("listForwardStatistics", {
      token: admin,
      query: { startDay: "2026-02-30", endDay: "2026-03-01" },
    });
    expect(feb30.status).toBe(400);
    expect(feb30.body.data.failDetail[0].field).toBe("startDay");
    expect(MSG_FORWARD_DAY).toBe("日期格式应为yyyy-MM-dd");
    await bad(
      "listForwardStatistics",
      { startDay: "2026-03-02", endDay: "2026-03-01" },
      "endDay",
      MSG_FORWARD_DAYS_REVERSED,
    );
    await bad(
      "exportForwardStatistics",
      { startDay: "2026-01-01", endDay: "2026-02-01" },
      "endDay",
      MSG_FORWARD_DAYS_TOO_MANY,
    );
    expect((await ledger.call("listForwardStatistics", { token: admin, query: { endDay: "2026-03-01" } })).status).toBe(
      400,
    );
    expect(
      differences(before, await fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root)),
    ).toEqual([]);
  });

  it("exports the rows of every page and the totals as an export task", async () => {
    const s = await stats(admin);
    const exp = await ledger.call("exportForwardStatistics", { token: admin, query: range });
    expect(exp.status).toBe(200);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]).toEqual(["日期", "转发平台", "已转发", "已应答", "失败", "其中补发", "待转发"]);
    expect(rows).toHaveLength(1 + s.total + 1);
    expect(rows.at(-1)).toEqual([
      "合计",
      undefined, // an empty cell
      s.totals.forwarded,
      s.totals.acknowledged,
      s.totals.failed,
      s.totals.resent,
      s.totals.pending,
    ]);
    ledger.expectCovered(FORWARDING_OPS);
  });
});
