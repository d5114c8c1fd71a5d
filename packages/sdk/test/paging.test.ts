import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTspClient,
  cursorPages,
  hasNextPage,
  items,
  memoryTokenStore,
  numberedPages,
  unwrap,
} from "../src/index";
import { json, startServer, type TestServer } from "./server";

interface Row {
  vin: string;
  time: number;
  content: string;
}

/** The login journal call as the contract types it (openapi/tsp-hbase-proxy.yaml). */
interface JournalPaths {
  "/tsp-hbase-proxy/vehicleLog/getLoginLog": {
    get: {
      parameters: {
        query: { vin: string; startTime: number; endTime: number; pageSize?: number; rowKey?: string };
      };
      responses: {
        200: {
          content: {
            "application/json": { code?: number; msg?: string; data: { list: Row[]; nextKey?: string | null } };
          };
        };
      };
    };
  };
}

const VIN = "LGXCE4CB2S0000123";
/** Seven frames, newest first, keyed by index. */
const journal: Row[] = Array.from({ length: 7 }, (_, i) => ({
  vin: VIN,
  time: 1741996701000 - i * 60_000,
  content: `232301FE${i.toString(16).padStart(2, "0")}`,
}));

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.routes.clear();
  server.requests.length = 0;
});

describe("cursorPages (rowKey in, nextKey out)", () => {
  beforeEach(() => {
    server.routes.set("GET /tsp-hbase-proxy/vehicleLog/getLoginLog", (req, res) => {
      const size = Number(req.url.searchParams.get("pageSize"));
      const start = Number(req.url.searchParams.get("rowKey") ?? 0);
      const list = journal.slice(start, start + size);
      const next = start + size < journal.length ? String(start + size) : null;
      json(res, { code: 200, msg: "操作成功", data: { list, nextKey: next } });
    });
  });

  it("walks a whole journal over three pages with one for await", async () => {
    const sdk = createTspClient<JournalPaths>({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore("t") });
    const rows: Row[] = [];
    const pages = cursorPages((rowKey) =>
      sdk
        .GET("/tsp-hbase-proxy/vehicleLog/getLoginLog", {
          params: { query: { vin: VIN, startTime: 0, endTime: 1, pageSize: 3, ...(rowKey ? { rowKey } : {}) } },
        })
        .then(unwrap),
    );
    for await (const row of items(pages)) rows.push(row);
    expect(rows).toEqual(journal);
    expect(server.requests.map((r) => r.url.searchParams.get("rowKey"))).toEqual([null, "3", "6"]);
  });

  it("yields page by page", async () => {
    const sdk = createTspClient<JournalPaths>({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore("t") });
    const sizes: number[] = [];
    for await (const page of cursorPages((rowKey) =>
      sdk
        .GET("/tsp-hbase-proxy/vehicleLog/getLoginLog", {
          params: { query: { vin: VIN, startTime: 0, endTime: 1, pageSize: 2, ...(rowKey ? { rowKey } : {}) } },
        })
        .then(unwrap),
    ))
      sizes.push(page.length);
    expect(sizes).toEqual([2, 2, 2, 1]);
  });

  it("stops when the server repeats a nextKey instead of looping forever", async () => {
    let calls = 0;
    const pages: string[][] = [];
    for await (const page of cursorPages(async () => {
      calls++;
      return { list: [`row${calls}`], nextKey: "same" };
    }))
      pages.push(page);
    expect(pages).toEqual([["row1"], ["row2"]]);
  });
});

/** A numbered list of `total` rows; `lie` makes the server claim more rows than it has. */
const serve = (total: number, lie = 0) =>
  server.routes.set("GET /tsp-bss/v1/aebs/getExistVinList", (req, res) => {
    const pageNum = Number(req.url.searchParams.get("pageNum"));
    const pageSize = Number(req.url.searchParams.get("pageSize"));
    const from = (pageNum - 1) * pageSize;
    const list = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => `VIN${from + i}`);
    json(res, { code: "000000", data: { list, total: total + lie } });
  });
const walk = async (pageSize: number) => {
  const sdk = createTspClient({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore("t") });
  const rows: string[] = [];
  const pages = numberedPages<string>(
    (pageNum, size) =>
      sdk
        .raw("GET", "/tsp-bss/v1/aebs/getExistVinList", { params: { query: { pageNum, pageSize: size } } })
        .then((r) => unwrap(r as { data?: { data?: { list: string[]; total: number } } })),
    { pageSize },
  );
  for await (const row of items(pages)) rows.push(row);
  return { rows, pageNums: server.requests.map((r) => Number(r.url.searchParams.get("pageNum"))) };
};

describe("numberedPages (pageNum from 1, pageSize, total; spec §7 stop rule)", () => {
  it("asks pages 1..3 for 25 rows of 10 and stops once pages × size passes the total", async () => {
    serve(25);
    const { rows, pageNums } = await walk(10);
    expect(rows).toHaveLength(25);
    expect(rows[24]).toBe("VIN24");
    expect(pageNums).toEqual([1, 2, 3]);
  });

  it("does not ask for an empty page when the total is a multiple of the page size", async () => {
    serve(20);
    const { rows, pageNums } = await walk(10);
    expect(rows).toHaveLength(20);
    expect(pageNums).toEqual([1, 2]);
  });

  it("stops on an empty page even when the total claims more", async () => {
    serve(12, 1000);
    const { rows, pageNums } = await walk(10);
    expect(rows).toHaveLength(12);
    expect(pageNums).toEqual([1, 2, 3]);
  });

  it("hasNextPage is the selector rule", () => {
    expect(hasNextPage(1, 10, 11)).toBe(true);
    expect(hasNextPage(2, 10, 20)).toBe(false);
    expect(hasNextPage(3, 10, 25)).toBe(false);
    expect(hasNextPage(1, 10, 0)).toBe(false);
  });
});
