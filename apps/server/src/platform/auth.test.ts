import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken, TOKEN_TTL_SECONDS } from "../services/b-iam-account/tokens";
import { startTestServer, type TestServer } from "../testing/testServer";
import { authenticateToken } from "./auth";

/**
 * Bearer authentication with cached grants (issue 9: fewer queries per request). Every test
 * first authenticates once so the account's grants are in the cache, then changes something
 * and checks that the very next request sees the change: a cache that serves a revoked token
 * or a withdrawn permission would be a security defect.
 */
const EXPORT = "/tbox/loginJournal/loginLog/export";
const START = new Date("2026-03-01T00:00:00Z");
let clock = START;
let server: TestServer;
let adminId: number;
let operatorId: number;
let adminTenant: number;

beforeAll(async () => {
  server = await startTestServer({
    seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } },
    now: () => clock,
  });
  const account = (username: string) =>
    server.db
      .selectFrom("account")
      .select(["id", "tenant_id"])
      .where("username", "=", username)
      .executeTakeFirstOrThrow();
  const admin = await account("admin");
  adminId = admin.id;
  adminTenant = admin.tenant_id;
  operatorId = (await account("operator")).id;
});
afterAll(() => server.stop());

const tokenFor = async (accountId: number) =>
  (await issueToken(server.db, accountId, "tsp-console", clock)).access_token;
const authenticate = (token: string) => server.ctx.authenticate(token);
const call = (path: string, token: string) =>
  fetch(new URL(path, server.url), { headers: { authorization: `Bearer ${token}` } });
/** An export call without its parameters: 403 without the button, 400 (validation) with it. */
const exportStatus = async (token: string) =>
  (await call("/tsp-hbase-proxy/vehicleLog/getLoginLog/export", token)).status;

describe("bearer authentication with cached grants", () => {
  it("reuses an account's grants between requests instead of reloading them", async () => {
    const token = await tokenFor(adminId);
    const first = await authenticate(token);
    const second = await authenticate(token);
    expect(first?.permissions.has(EXPORT)).toBe(true);
    // The same Set object: the second request did not rebuild the permissions.
    expect(second?.permissions).toBe(first?.permissions);
    // A cache per database handle: another call path on the same database agrees.
    const direct = await authenticateToken(server.db, token, clock);
    expect(direct?.tenantIds).toEqual(first?.tenantIds);
  });

  it("refuses a signed-out token on the next request while the account's other tokens still work", async () => {
    const token = await tokenFor(adminId);
    const other = await tokenFor(adminId);
    expect(await authenticate(token)).not.toBeNull();
    expect((await call("/b-iam-account/users/signOut", token)).status).toBe(200);
    expect(await authenticate(token)).toBeNull();
    expect((await call("/comm-inc-center/v1/web/home/user/permissions", token)).status).toBe(401);
    expect((await authenticate(other))?.accountId).toBe(adminId);
  });

  it("refuses a token once it has expired", async () => {
    const token = await tokenFor(adminId);
    expect(await authenticate(token)).not.toBeNull();
    try {
      clock = new Date(START.getTime() + TOKEN_TTL_SECONDS * 1000 - 1);
      expect(await authenticate(token)).not.toBeNull();
      clock = new Date(START.getTime() + TOKEN_TTL_SECONDS * 1000);
      expect(await authenticate(token)).toBeNull();
      expect((await call("/comm-inc-center/v1/web/home/user/permissions", token)).status).toBe(401);
    } finally {
      clock = START;
    }
  });

  it("refuses every token of a disabled account on the next request", async () => {
    const token = await tokenFor(operatorId);
    expect(await authenticate(token)).not.toBeNull();
    await server.db.updateTable("account").set({ status: "disabled" }).where("id", "=", operatorId).execute();
    try {
      expect(await authenticate(token)).toBeNull();
      expect((await call("/comm-inc-center/v1/web/home/user/myInfo", token)).status).toBe(401);
    } finally {
      await server.db.updateTable("account").set({ status: "active" }).where("id", "=", operatorId).execute();
    }
    expect(await authenticate(token)).not.toBeNull();
  });

  it("applies a button granted to or withdrawn from a role from the next request", async () => {
    const token = await tokenFor(operatorId);
    expect((await authenticate(token))?.permissions.has(EXPORT)).toBe(false);
    expect(await exportStatus(token)).toBe(403);
    const button = await server.db.selectFrom("menu").select("id").where("api", "=", EXPORT).executeTakeFirstOrThrow();
    const role = await server.db
      .selectFrom("account_role")
      .select("role_id")
      .where("account_id", "=", operatorId)
      .executeTakeFirstOrThrow();
    await server.db.insertInto("role_menu").values({ role_id: role.role_id, menu_id: button.id }).execute();
    expect((await authenticate(token))?.permissions.has(EXPORT)).toBe(true);
    expect(await exportStatus(token)).toBe(400);
    await server.db
      .deleteFrom("role_menu")
      .where("role_id", "=", role.role_id)
      .where("menu_id", "=", button.id)
      .execute();
    expect((await authenticate(token))?.permissions.has(EXPORT)).toBe(false);
    expect(await exportStatus(token)).toBe(403);
  });

  it("drops every button of a role taken from the account on the next request", async () => {
    const token = await tokenFor(adminId);
    expect(await exportStatus(token)).toBe(400);
    const roles = await server.db.selectFrom("account_role").selectAll().where("account_id", "=", adminId).execute();
    await server.db.deleteFrom("account_role").where("account_id", "=", adminId).execute();
    try {
      expect((await authenticate(token))?.permissions.size).toBe(0);
      expect(await exportStatus(token)).toBe(403);
    } finally {
      await server.db.insertInto("account_role").values(roles).execute();
    }
    expect((await authenticate(token))?.permissions.has(EXPORT)).toBe(true);
  });

  it("sees a new sub-tenant, and loses a removed one, from the next request", async () => {
    const token = await tokenFor(adminId);
    const before = (await authenticate(token))?.tenantIds ?? [];
    const sub = await server.db
      .insertInto("tenant")
      .values({ code: "T0001-99", name: "新建子租户", parent_id: adminTenant })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await authenticate(token))?.tenantIds).toEqual([...before, sub.id].toSorted((a, b) => a - b));
    await server.db.deleteFrom("tenant").where("id", "=", sub.id).execute();
    expect((await authenticate(token))?.tenantIds).toEqual(before);
  });

  it("follows an account moved to another tenant on the next request", async () => {
    const token = await tokenFor(operatorId);
    const home = (await authenticate(token))?.tenantId;
    const other = await server.db
      .selectFrom("tenant")
      .select("id")
      .where("code", "=", "T0002")
      .executeTakeFirstOrThrow();
    await server.db.updateTable("account").set({ tenant_id: other.id }).where("id", "=", operatorId).execute();
    try {
      const moved = await authenticate(token);
      expect(moved?.tenantId).toBe(other.id);
      expect(moved?.tenantIds).toEqual([other.id]);
    } finally {
      await server.db
        .updateTable("account")
        .set({ tenant_id: home ?? adminTenant })
        .where("id", "=", operatorId)
        .execute();
    }
  });
});
