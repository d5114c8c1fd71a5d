import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountOf, bearerFor, principalOf, twinAccount } from "../../testing/accounts";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * The export file list and download (comm-inc-center): a file belongs to the account that
 * asked for it — not to its tenant — is never cached by a browser or proxy, and is gone once
 * its 7 days are over. The clock is the server's injected one, moved by the test.
 */
/** Spec: an export file can be downloaded for 7 days (written out, not imported from the server). */
const EXPORT_TTL_MS = 7 * 24 * 3600 * 1000;
const START = new Date("2026-03-01T00:00:00Z");
let clock = START;
let server: TestServer;
let adminId: number;
let twinId: number;
let taskId: string;
let finishedAt: Date;

const LIST = "/comm-inc-center/v1/web/exportFile/list?pageNum=1&pageSize=50";
const download = (id: string) => `/comm-inc-center/v1/web/exportFile/${id}/download`;
const get = async (path: string, accountId: number) =>
  fetch(new URL(path, server.url), {
    headers: { authorization: `Bearer ${await bearerFor(server.db, accountId, clock)}` },
  });
const listedIds = async (accountId: number) => {
  const body = (await (await get(LIST, accountId)).json()) as { data: { list: { id: string }[] } };
  return body.data.list.map((t) => t.id);
};

beforeAll(async () => {
  server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } }, now: () => clock });
  adminId = (await accountOf(server.db, "admin")).id;
  // Same tenant, same roles (every permission, downloads included): only the account differs.
  twinId = await twinAccount(server.db, "admin", "admin-twin");
  server.ctx.exports.register("testOwnedExport", {
    title: "归属测试",
    columns: [{ header: "序号", key: "n" }],
    async *rows() {
      yield [{ n: 1 }];
    },
  });
  ({ taskId } = await server.ctx.exports.submit(await principalOf(server.db, "admin"), "testOwnedExport", {}));
  await server.ctx.exports.idle();
  const task = await server.db
    .selectFrom("export_task")
    .select(["status", "finished_at"])
    .where("id", "=", taskId)
    .executeTakeFirstOrThrow();
  expect(task.status).toBe("done");
  finishedAt = task.finished_at as Date;
});
afterAll(() => server.stop());

describe("export files", () => {
  it("are listed and served to the account that asked for them only, not to others of its tenant", async () => {
    expect(await listedIds(adminId)).toContain(taskId);
    expect(await listedIds(twinId)).not.toContain(taskId);
    const own = await get(download(taskId), adminId);
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    const other = await get(download(taskId), twinId);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { msg: string }).msg).toBe("导出文件不存在或已过期");
  });

  it("are never stored by a browser or a shared cache", async () => {
    const res = await get(download(taskId), adminId);
    await res.arrayBuffer();
    const cache = res.headers.get("cache-control") ?? "";
    expect(cache).toMatch(/\bno-store\b/);
    expect(cache).toMatch(/\bprivate\b/);
    expect(cache).not.toMatch(/public|max-age/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("expire 7 days after they were finished: listed and served until then, gone from that instant", async () => {
    try {
      clock = new Date(finishedAt.getTime() + EXPORT_TTL_MS - 1);
      expect(await listedIds(adminId)).toContain(taskId);
      const last = await get(download(taskId), adminId);
      expect(last.status).toBe(200);
      await last.arrayBuffer();

      clock = new Date(finishedAt.getTime() + EXPORT_TTL_MS);
      expect(await listedIds(adminId)).not.toContain(taskId);
      const gone = await get(download(taskId), adminId);
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as { msg: string }).msg).toBe("导出文件不存在或已过期");

      // The file itself is deleted by the purge, which spares files still within their days.
      const key = (
        await server.db
          .selectFrom("export_task")
          .select("object_key")
          .where("id", "=", taskId)
          .executeTakeFirstOrThrow()
      ).object_key as string;
      clock = new Date(finishedAt.getTime() + EXPORT_TTL_MS - 1);
      expect(await server.ctx.exports.purgeExpired()).toBe(0);
      expect(await server.ctx.objects.size(key)).not.toBeNull();
      clock = new Date(finishedAt.getTime() + EXPORT_TTL_MS);
      expect(await server.ctx.exports.purgeExpired()).toBe(1);
      expect(await server.ctx.objects.size(key)).toBeNull();
    } finally {
      clock = START;
    }
  });
});
