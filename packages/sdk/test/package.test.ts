import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sdkGzipSize } from "./bundleSize";
import { framesOf, serveJournal } from "./journal";
import { startServer, type TestServer } from "./server";

const run = promisify(execFile);
const sdkDir = resolve(import.meta.dirname, "..");
const repoRoot = resolve(sdkDir, "../..");
const VIN = "LGXCE4CB2S0000123";

let server: TestServer;
let work = "";

/**
 * The built package as a consumer sees it: tsup's output in `<tmp>/node_modules/@tsp/sdk`
 * with the real package.json (exports map), scripts beside it. The temp folder sits inside the
 * repo (.tmp, ignored) so `openapi-fetch` resolves from the root node_modules as it would from
 * an install; building there keeps concurrent runs from racing on packages/sdk/dist.
 */
beforeAll(async () => {
  await mkdir(join(repoRoot, ".tmp"), { recursive: true });
  work = await mkdtemp(join(repoRoot, ".tmp", "sdk-package-"));
  const pkg = join(work, "node_modules", "@tsp", "sdk");
  await mkdir(pkg, { recursive: true });
  await copyFile(join(sdkDir, "package.json"), join(pkg, "package.json"));
  await run("npx", ["tsup", "--out-dir", join(pkg, "dist")], { cwd: sdkDir });
  for (const file of [
    "test/fixtures/plain-node.mjs",
    "test/fixtures/plain-node.cjs",
    "examples/login-journal-to-csv.mjs",
  ]) {
    await copyFile(join(sdkDir, file), join(work, file.split("/").at(-1) ?? file));
  }
  server = await startServer();
  const frames = [
    ...framesOf(VIN, 1741000000000, 10, 3_600_000),
    ...framesOf("LNBSCCAK9JW000001", 1741000000000, 5, 3_600_000),
  ];
  // For the CSV example: 30 frames two days apart (58 days, so two 31-day windows).
  frames.push(...framesOf("LFV2A21K6A3000042", Date.UTC(2025, 0, 1), 30, 2 * 86_400_000));
  serveJournal(server, frames);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const node = (script: string, ...args: string[]) => run(process.execPath, [join(work, script), ...args], { cwd: work });

describe("the built package in plain Node", () => {
  it("builds ESM, CJS and .d.ts for both entries", async () => {
    const dist = join(work, "node_modules", "@tsp", "sdk", "dist");
    for (const file of ["index.js", "index.cjs", "index.d.ts", "index.d.cts", "node.js", "node.cjs", "node.d.ts"]) {
      expect((await stat(join(dist, file))).size).toBeGreaterThan(0);
    }
  });

  it("an .mjs script imports it, signs in, walks a journal and gets typed errors", async () => {
    const tokenFile = join(work, "token");
    const { stdout } = await node("plain-node.mjs", server.baseUrl, tokenFile);
    expect(JSON.parse(stdout)).toEqual({
      rows: 10,
      vins: [VIN],
      apiError: true,
      kind: "api",
      msg: "参数错误",
      failDetail: [{ field: "endTime", msg: "查询时间跨度不能超过31天" }],
      message: "code 400 参数错误; endTime: 查询时间跨度不能超过31天 (GET /tsp-hbase-proxy/vehicleLog/getLoginLog)",
    });
    expect(await readFile(tokenFile, "utf8")).toBe("tok-automation");
  });

  it("a .cjs script requires it and walks the same journal", async () => {
    const { stdout } = await node("plain-node.cjs", server.baseUrl);
    expect(JSON.parse(stdout)).toEqual({
      token: "tok-automation",
      rows: 10,
      newestFirst: true,
      helpers: ["function", "function"],
    });
  });

  it("the README example writes a login journal as CSV across 31-day windows", async () => {
    const before = server.requests.length;
    const { stdout, stderr } = await node(
      "login-journal-to-csv.mjs",
      server.baseUrl,
      "LFV2A21K6A3000042",
      "2025-01-01",
      "2025-03-31",
    );
    const lines = stdout.trimEnd().split("\r\n");
    expect(lines[0]).toBe("vin,time,content");
    expect(lines).toHaveLength(31);
    expect(lines[1]).toBe(
      `LFV2A21K6A3000042,2025-01-01T00:00:00.000Z,${framesOf("LFV2A21K6A3000042", 0, 1, 0)[0]?.content}`,
    );
    const times = lines.slice(1).map((l) => Date.parse(l.split(",")[1] ?? ""));
    expect(times.every((t, i) => i === 0 || t > (times[i - 1] ?? 0))).toBe(true);
    expect(stderr).toContain("已导出 30 条登入记录");
    const journalCalls = server.requests.slice(before).filter((r) => r.url.pathname.endsWith("getLoginLog"));
    expect(journalCalls.length).toBeGreaterThanOrEqual(3);
    for (const call of journalCalls) {
      expect(
        Number(call.url.searchParams.get("endTime")) - Number(call.url.searchParams.get("startTime")),
      ).toBeLessThanOrEqual(31 * 86_400_000);
    }
  });

  it("the example says what is wrong with a bad argument", async () => {
    const error = await node("login-journal-to-csv.mjs", server.baseUrl, VIN, "yesterday", "2025-01-02").catch(
      (e: unknown) => e,
    );
    expect((error as { code: number }).code).toBe(1);
    expect((error as { stderr: string }).stderr).toContain("无法识别的时间：yesterday");
  });
});

describe("size", () => {
  it("the runtime stays within 6 KB gzip beyond openapi-fetch (issue 3)", async () => {
    const runtime = await sdkGzipSize(false);
    const withTable = await sdkGzipSize(true);
    console.log(
      `@tsp/sdk gzip, openapi-fetch excluded: runtime ${runtime} B; with the generated operations table ${withTable} B`,
    );
    // The target is for the runtime code; the generated table is data that grows with openapi/.
    expect(runtime).toBeLessThanOrEqual(6 * 1024);
    expect(withTable).toBeGreaterThan(runtime);
    const forge = await build({
      entryPoints: [join(sdkDir, "src/forgeRsa.ts")],
      bundle: true,
      minify: true,
      format: "esm",
      target: "es2022",
      write: false,
    });
    const lazy = gzipSync(forge.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).length;
    console.log(`@tsp/sdk lazy PKCS#1 v1.5 chunk (node-forge rsa, asn1, jsbn, prng…): ${lazy} B gzip`);
    // Only forge's RSA path, not the whole library (~90 KB gzip).
    expect(lazy).toBeLessThanOrEqual(48 * 1024);
  });
});
