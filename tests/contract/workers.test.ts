import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startSimVehicle } from "@tsp/domain";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { startServer } from "../../apps/server/src/start";
import { testEngine } from "../../apps/server/src/testing/testServer";
import { buildServer, SERVER_BUNDLE, serverBundleStale } from "../../scripts/build-server.mjs";
import { adminToken, SMALL_SEED } from "../robustness/support/fuzzServer";
import { type ServerProcess, startServerProcess } from "../robustness/support/serverProcess";
import { signIn } from "./support/contract";

/**
 * WORKERS=2 (issue 21, apps/server/src/workers.ts): two server processes on one port share
 * nothing but the database. Each check pins one keep-alive connection to each worker (the
 * answers' `x-tsp-worker` says which) and does something in one that the other must see at
 * once: a token, a role change (the grants cache), an export task, a command to a terminal of
 * worker 1's gateway, a sign-out. On PGlite the server must refuse WORKERS>1 at start.
 */
const engine = testEngine();
const EXPORT_BUTTON = "/tbox/loginJournal/loginLog/export";

/** An answer's JSON body (this suite reads a few fields it then asserts). */
// biome-ignore lint/suspicious/noExplicitAny: the fields read are asserted right after
type Body = any;

/** One keep-alive connection, so every call goes to the same worker. */
function pinned(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method: string, route: string, token?: string, body?: unknown) =>
    new Promise<{ status: number; worker: number; body: Body; bytes: Buffer }>((resolve, reject) => {
      const req = http.request(
        new URL(route, base),
        {
          method,
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body ? { "content-type": "application/json" } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const bytes = Buffer.concat(chunks);
            const text = bytes.toString();
            resolve({
              status: res.statusCode ?? 0,
              worker: Number(res.headers["x-tsp-worker"]),
              body: res.headers["content-type"]?.includes("json") ? JSON.parse(text) : text,
              bytes,
            });
          });
        },
      );
      req.on("error", reject);
      req.end(body ? JSON.stringify(body) : undefined);
    });
  return { agent, call };
}
type Pinned = ReturnType<typeof pinned>;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

describe.skipIf(engine.kind !== "pglite")("WORKERS on PGlite", () => {
  it("refuses to start more than one process on the embedded database, saying why", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "tsp-workers-"));
    try {
      const started = startServerProcess(dataDir, 60_000, { WORKERS: "2" });
      await expect(started).rejects.toThrow(/exited \(1\)[\s\S]*WORKERS=2 needs a PostgreSQL server \(DATABASE_URL\)/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(engine.kind !== "postgres" || engine.skip)("WORKERS=2 on PostgreSQL", () => {
  const admin = process.env.TEST_DATABASE_URL ?? "";
  const name = `tsp_test_workers_${randomBytes(4).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tsp-workers-"));
  let child: ServerProcess | undefined;
  const clients: Pinned[] = [];
  let terminal: GbtTerminal | undefined;
  const withAdmin = async (sql: string) => {
    const c = new Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  afterAll(async () => {
    await terminal?.close(Date.now()).catch(() => undefined);
    for (const c of clients) c.agent.destroy();
    await child?.kill("SIGTERM");
    await withAdmin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shares sessions, grants, export tasks and commands between the processes through the database", async () => {
    await withAdmin(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    // Migrated and seeded (small set) in this process first, as an existing database is.
    const seeding = await startServer(
      { host: "127.0.0.1", port: 0, dataDir, databaseUrl, consoleDir: undefined },
      { seed: SMALL_SEED },
    );
    const vin = (
      await seeding.db
        .selectFrom("vehicle")
        .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
        .select("vin")
        .where("tenant.code", "=", "T0001")
        .orderBy("vin")
        .executeTakeFirstOrThrow()
    ).vin;
    await seeding.close();
    const gatewayPort = await freePort();
    // The built server, as `npm start` runs it (built first when a source is newer): its workers
    // start in seconds, where each would compile the sources under tsx.
    if (serverBundleStale()) await buildServer();
    child = await startServerProcess(
      dataDir,
      180_000,
      { WORKERS: "2", DATABASE_URL: databaseUrl, GATEWAY_PORT: String(gatewayPort) },
      [SERVER_BUNDLE],
    );
    const base = child.url;

    // One pinned connection per worker (the primary hands connections out in turn).
    const byWorker = new Map<number, Pinned>();
    for (let i = 0; i < 8 && byWorker.size < 2; i++) {
      const c = pinned(base);
      clients.push(c);
      const health = await c.call("GET", "/health");
      expect(health.status).toBe(200);
      if (!byWorker.has(health.worker)) byWorker.set(health.worker, c);
    }
    expect([...byWorker.keys()].toSorted()).toEqual([1, 2]);
    const w1 = byWorker.get(1) as Pinned;
    const w2 = byWorker.get(2) as Pinned;

    // Sessions: a token issued by one process is honoured by the other.
    const adminTok = await adminToken(base);
    const operator = (await signIn(base, "operator", "Operator@123456")).token;
    for (const w of [w1, w2])
      expect((await w.call("GET", "/comm-inc-center/v1/web/home/user/permissions", operator)).status).toBe(200);

    // Grants: worker 2 loads (and caches) the operator's grants; worker 1 changes the role; worker 2 honours it at once.
    const exportRoute = `/tsp-hbase-proxy/vehicleLog/getLoginLog/export?vin=${vin}&startTime=${Date.now() - 30 * 86_400_000}&endTime=${Date.now() + 86_400_000}`;
    expect((await w2.call("GET", exportRoute, operator)).status).toBe(403);
    const roles = (await w1.call("GET", "/b-iam-account/permit/role/list?pageSize=100", adminTok)).body.data.list as {
      roleId: number;
      code: string;
      name: string;
      dataScope: string;
      menuIds: number[];
    }[];
    const role = roles.find((r) => r.code === "operator");
    if (!role) throw new Error("no operator role");
    const tree = (await w1.call("GET", "/b-iam-account/permit/menu/tree", adminTok)).body.data;
    const flat: { menuId: number; api: string }[] = [];
    const walk = (nodes: { menuId: number; api: string; children?: unknown[] }[]) => {
      for (const n of nodes) {
        flat.push(n);
        walk((n.children ?? []) as typeof nodes);
      }
    };
    walk(tree);
    const grant = [EXPORT_BUTTON, "/exportFile/index/download"].map((api) => {
      const menu = flat.find((m) => m.api === api);
      if (!menu) throw new Error(`no menu ${api}`);
      return menu.menuId;
    });
    const granted = await w1.call("POST", "/b-iam-account/permit/role/update", adminTok, {
      roleId: role.roleId,
      name: role.name,
      dataScope: role.dataScope,
      menuIds: [...new Set([...role.menuIds, ...grant])],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const submitted = await w2.call("GET", exportRoute, operator);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    // Export tasks: submitted through worker 2, listed and downloaded through worker 1.
    const files = async () =>
      (await w1.call("GET", "/comm-inc-center/v1/web/exportFile/list?pageSize=20", operator)).body.data.list as {
        id: string;
        status: string;
      }[];
    await expect.poll(async () => (await files())[0]?.status, { timeout: 30_000 }).toBe("done");
    const [file] = await files();
    const download = await w1.call("GET", `/comm-inc-center/v1/web/exportFile/${file?.id}/download`, operator);
    expect(download.status).toBe(200);
    expect(download.bytes.subarray(0, 2).toString()).toBe("PK"); // an .xlsx (zip)

    // Commands: queued through worker 2, sent by worker 1's gateway to its terminal, its answer read through worker 1.
    terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: "127.0.0.1", port: gatewayPort });
    await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(9).next), linkDown: false });
    const queued = await w2.call("POST", "/tsp-command/command/paramQuery", adminTok, { vin, ids: [1] });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    await expect
      .poll(
        async () =>
          (await w1.call("GET", `/tsp-command/command/detail?id=${queued.body.data.id}`, adminTok)).body.data.state,
        { timeout: 20_000 },
      )
      .toBe("success");

    // Sign-out in worker 1 ends the session in worker 2 on its very next request.
    expect((await w1.call("GET", "/b-iam-account/users/signOut", operator)).status).toBe(200);
    expect((await w2.call("GET", "/comm-inc-center/v1/web/home/user/permissions", operator)).status).toBe(401);
  }, 300_000);
});
