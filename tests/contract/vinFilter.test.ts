import { startSimVehicle } from "@tsp/domain";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { loadDocuments } from "../../apps/server/src/openapi/documents";
import { listOperations } from "../../apps/server/src/openapi/operations";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { adminToken, SMALL_SEED } from "../robustness/support/fuzzServer";

/**
 * Citus (docs/scaling.md): the journals and telemetry are distributed by VIN, which routes a
 * statement to one shard only when it names the VIN. This suite records every SQL statement
 * the server sends to PostgreSQL while a vehicle's frames are ingested by the gateway and every
 * per-vehicle read and export of the journal services (tsp-hbase-proxy, tsp-shadow: each GET
 * operation with a `vin` parameter) runs, and checks that each statement on a journal or
 * telemetry table filters on the VIN (`vin = …`, `vin in (…)`, `vin = any(…)`) or inserts rows
 * carrying it. The fleet-wide screens (alarm lists, overview counts, sweeps, the forwarder's
 * cursor) are multi-shard on purpose and listed in docs/scaling.md; they are not exercised here.
 */
const engine = testEngine();
/** The journal and telemetry tables (and their day partitions) distributed by VIN on Citus. */
const DISTRIBUTED = /\b(gateway_frame|gateway_position|gateway_alarm|machine_sample)(_p\d+)?\b/i;
/** A predicate on the VIN column, whatever the alias: `vin = $1`, `f.vin in (…)`, `vin = any($1)`. */
const VIN_FILTER = /\b(?:\w+\.)?"?vin"?\s*(?:=|in\s*\(|=\s*any\s*\()/i;
/** Statements on the tables' definitions, not their rows (partition DDL, catalog look-ups of the partitions). */
const DEFINITION = /^\s*(create|alter|drop|comment|lock|analyze)\b|\bfrom\s+pg_(inherits|class|tables)\b/i;

const statements: string[] = [];
const originalQuery = Client.prototype.query;

describe.skipIf(engine.kind !== "postgres" || engine.skip)(
  "every statement on the journal tables names the VIN",
  () => {
    let server: TestServer;
    let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
    const terminals: GbtTerminal[] = [];

    beforeAll(async () => {
      server = await startTestServer({ seed: SMALL_SEED });
      // Recorded from here on: the requests and the ingest, not the migrations and the seed.
      Client.prototype.query = function (this: Client, ...args: unknown[]) {
        const first = args[0];
        const text = typeof first === "string" ? first : (first as { text?: string } | undefined)?.text;
        if (text) statements.push(text);
        return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof originalQuery;
    });

    afterAll(async () => {
      Client.prototype.query = originalQuery;
      for (const t of terminals) await t.close(Date.now()).catch(() => undefined);
      await gateway?.close();
      await server?.stop();
    });

    it("ingest, journal pages, tracks and exports of one vehicle", async () => {
      const vin = (
        await server.db
          .selectFrom("vehicle")
          .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
          .select("vin")
          .where("tenant.code", "=", "T0001")
          .orderBy("vin")
          .executeTakeFirstOrThrow()
      ).vin;
      gateway = await startGateway(server.db, { host: "127.0.0.1", port: 0, objects: server.ctx.objects });
      const terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: "127.0.0.1", port: gateway.port });
      terminals.push(terminal);
      const rng = createRng(7).next;
      for (let i = 0; i < 3; i++) await terminal.report({ ...startSimVehicle(0, Date.now(), rng), linkDown: false });

      const token = await adminToken(server.url);
      const now = Date.now();
      const values: Record<string, string> = {
        vin,
        startTime: String(now - 7 * 86_400_000),
        endTime: String(now + 60_000),
        pageNum: "1",
        pageSize: "20",
      };
      const ops = listOperations(loadDocuments()).filter(
        (op) =>
          op.method === "get" &&
          (op.service === "tsp-hbase-proxy" || op.service === "tsp-shadow") &&
          op.parameters.some((p) => p.name === "vin") &&
          op.parameters.every((p) => !p.required || p.name in values),
      );
      expect(ops.length).toBeGreaterThan(10);
      const answered: string[] = [];
      for (const op of ops) {
        const query = new URLSearchParams();
        for (const p of op.parameters)
          if (p.in === "query" && p.name in values) query.set(p.name, values[p.name] ?? "");
        const res = await fetch(new URL(`${op.path.replace(/^\//, "")}?${query}`, server.url), {
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status === 200) answered.push(op.operationId);
      }
      await server.ctx.exports.idle();
      expect(answered.length, "most per-vehicle reads answer").toBeGreaterThan(ops.length / 2);

      const onJournals = [...new Set(statements)].filter((s) => DISTRIBUTED.test(s) && !DEFINITION.test(s));
      expect(onJournals.length).toBeGreaterThan(5);
      const inserts = onJournals.filter((s) => /^\s*insert\b/i.test(s));
      // An insert is routed by the VIN value it carries: the column must be in its list.
      for (const s of inserts) expect(s, s).toMatch(/\(\s*[^)]*"?vin"?[^)]*\)/i);
      const unfiltered = onJournals.filter((s) => !/^\s*insert\b/i.test(s) && !VIN_FILTER.test(s));
      console.info(
        `vin filter: ${onJournals.length} distinct statements on journal tables (${inserts.length} inserts) from ${answered.length}/${ops.length} reads`,
      );
      expect(unfiltered, `statements on journal tables without a VIN filter:\n${unfiltered.join("\n---\n")}`).toEqual(
        [],
      );
    }, 120_000);
  },
);
