import { encodeVehicleLoginMessage, encodeVehicleLogoutMessage, hexToBytes } from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../services/b-iam-account/tokens";
import { startTestServer, type TestServer, testEngine } from "../testing/testServer";
import { FLAG } from "./answers";
import { type Gateway, startGateway } from "./gatewayServer";
import { TestTbox } from "./testClient";

const engine = testEngine();

/** An encoded frame's hex and bytes (an encoding failure is the test's own slip). */
const bytesOf = (hex: { ok: true; value: string } | { ok: false }) => {
  if (!hex.ok) throw new Error("cannot encode");
  const r = hexToBytes(hex.value);
  if (!r.ok) throw new Error(r.error.message);
  return { hex: hex.value, bytes: r.value };
};

describe.skipIf(engine.skip)(`gateway and the login journal (${engine.kind})`, () => {
  let server: TestServer;
  let gateway: Gateway;

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 2 } } });
    gateway = await startGateway(server.db, { port: 0, flushMs: 10 });
  });
  afterAll(async () => {
    await gateway?.close();
    await server?.stop();
  });

  it("shows a T-BOX's login and logout through the gateway in the login journal calls", async () => {
    const vehicle = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vin", "iccid"])
      .where("tenant.code", "=", "T0001")
      .executeTakeFirstOrThrow();
    const at = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const login = bytesOf(
      encodeVehicleLoginMessage(vehicle.vin, {
        edition: 2016,
        collectedAt: at,
        serial: 4242,
        iccid: vehicle.iccid ?? "",
        codeLength: 0,
        subsystemCodes: [],
      }),
    );
    const logout = bytesOf(encodeVehicleLogoutMessage(vehicle.vin, { collectedAt: at + 30_000, serial: 4242 }));
    const tbox = await TestTbox.open(gateway.port);
    await tbox.write(Uint8Array.from([...login.bytes, ...logout.bytes]));
    expect((await tbox.waitAnswers(2)).map((a) => a.responseFlag)).toEqual([FLAG.success, FLAG.success]);
    tbox.end();

    const admin = await server.db
      .selectFrom("account")
      .select("id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const token = (await issueToken(server.db, admin.id, "tsp-console", new Date())).access_token;
    for (const [op, frame, ts] of [
      ["getLoginLog", login, at],
      ["getLogoutLog", logout, at + 30_000],
    ] as const) {
      const url = new URL(`/tsp-hbase-proxy/vehicleLog/${op}`, server.url);
      url.search = new URLSearchParams({
        vin: vehicle.vin,
        startTime: String(at - 1000),
        endTime: String(at + 60_000),
      }).toString();
      const answer = (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        code: number;
        data: { list: unknown[] };
      };
      expect(answer.code, op).toBe(200);
      expect(answer.data.list, op).toEqual([
        expect.objectContaining({ vin: vehicle.vin, time: ts, content: frame.hex }),
      ]);
    }
  });
});
