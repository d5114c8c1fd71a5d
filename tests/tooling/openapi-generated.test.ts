import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { parse } from "yaml";
import { operations, type paths } from "../../packages/sdk/src/generated/index";

// packages/sdk/src/generated must be what `npm run gen` makes from openapi/ right now:
// regenerate into a temporary folder and compare file by file.

const repo = path.resolve(import.meta.dirname, "../..");
const committed = path.join(repo, "packages/sdk/src/generated");
const fresh = mkdtempSync(path.join(tmpdir(), "tsp-gen-"));
afterAll(() => rmSync(fresh, { recursive: true, force: true }));

const files = (dir: string) => readdirSync(dir).toSorted();

describe("generated SDK types", () => {
  execFileSync(process.execPath, [path.join(repo, "scripts/gen-sdk.mjs"), "--out", fresh], { stdio: "pipe" });

  it("has one file per service document plus index.ts", () => {
    const services = readdirSync(path.join(repo, "openapi"))
      .filter((n) => n.endsWith(".yaml") && n !== "components.yaml")
      .map((n) => n.replace(/\.yaml$/, ".ts"));
    expect(files(fresh)).toEqual([...services, "index.ts"].toSorted());
  });

  it("is not stale: the committed files equal a fresh `npm run gen`", () => {
    expect(files(committed)).toEqual(files(fresh));
    const stale = files(fresh).filter(
      (name) => readFileSync(path.join(committed, name), "utf8") !== readFileSync(path.join(fresh, name), "utf8"),
    );
    expect(stale, "run `npm run gen` and commit packages/sdk/src/generated").toEqual([]);
  });

  it("lists every operation in the runtime table with its method, path and markers", async () => {
    const { operations: freshTable } = (await import(path.join(fresh, "index.ts"))) as {
      operations: Record<string, { method: string; path: string; longRunning: boolean; permission: string | null }>;
    };
    let count = 0;
    for (const name of readdirSync(path.join(repo, "openapi")).filter((n) => n.endsWith(".yaml"))) {
      const doc = parse(readFileSync(path.join(repo, "openapi", name), "utf8")) as {
        paths?: Record<string, Record<string, { operationId?: string; "x-permission"?: string }>>;
      };
      for (const [route, item] of Object.entries(doc.paths ?? {})) {
        for (const [method, op] of Object.entries(item)) {
          if (!op?.operationId) continue;
          count++;
          expect(freshTable[op.operationId], op.operationId).toMatchObject({
            method: method.toUpperCase(),
            path: route,
            permission: op["x-permission"] ?? null,
          });
        }
      }
    }
    expect(Object.keys(freshTable)).toHaveLength(count);
    expect(freshTable.exportLoginLog).toMatchObject({ longRunning: true });
    expect(freshTable.getLoginLog).toMatchObject({ longRunning: false });
  });
});

// The merged `paths` type drives openapi-fetch: typed parameters in, typed envelopes out.
describe("generated paths with openapi-fetch over real HTTP", () => {
  const frame = "232304FE4C4758434534434232533030303031323301000819030E120C280025C5";
  let server: Server;
  let baseUrl = "";
  let seenUrl = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      seenUrl = req.url ?? "";
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          code: 200,
          msg: "操作成功",
          data: { list: [{ vin: "LGXCE4CB2S0000123", time: 1741947160000, content: frame }], nextKey: null },
        }),
      );
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("types a journal call end to end and sends the query the document describes", async () => {
    const client = createClient<paths>({ baseUrl });
    const { data } = await client.GET("/tsp-hbase-proxy/vehicleLog/getLogoutLog", {
      params: { query: { vin: "LGXCE4CB2S0000123", startTime: 1741881600000, endTime: 1742054399000, pageSize: 2 } },
    });
    const row = data?.data.list[0];
    expectTypeOf(row?.content).toEqualTypeOf<string | undefined>();
    expectTypeOf(data?.data.nextKey).toEqualTypeOf<string | null | undefined>();
    expect(row?.content).toBe(frame);
    expect(new URL(seenUrl, baseUrl).searchParams.get("vin")).toBe("LGXCE4CB2S0000123");
    expect(operations.getLogoutLog.path).toBe("/tsp-hbase-proxy/vehicleLog/getLogoutLog");
  });

  it("rejects a call without the required VIN at compile time", () => {
    const client = createClient<paths>({ baseUrl });
    const call = () =>
      // @ts-expect-error — vin is required by the document
      client.GET("/tsp-hbase-proxy/vehicleLog/getLoginLog", { params: { query: { startTime: 0, endTime: 1 } } });
    expect(typeof call).toBe("function");
  });
});
