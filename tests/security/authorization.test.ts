import path from "node:path";
import { operations as sdkOperations } from "@tsp/sdk";
import ExcelJS from "exceljs";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { operation, operations as serverOperations } from "../contract/support/contract";
import { baselineOf, seedFacts } from "../robustness/support/baseline";
import { differences, filesUnder } from "../robustness/support/fingerprint";
import { adminToken, startSmallServer } from "../robustness/support/fuzzServer";
import { cloneSpec, envelopeProblem, type RequestSpec, send } from "../robustness/support/requests";
import { installWriteLog } from "../robustness/support/writeLog";
import { foreignObjects, isIdentifier, unfilledIdentifiers, withForeignObjects } from "./support/foreignObjects";
import {
  accountIdOf,
  accountWithoutPermissions,
  expiredTokenFor,
  foreignIdentifiers,
  tokenFor,
} from "./support/identities";

/**
 * The authorisation matrix, generated from the SDK's operations table (itself generated from
 * openapi/: method, path, permission, public), so a new operation is covered without edits:
 * - every protected operation: no token, a malformed token, an expired token, a signed-out
 *   token and a token in the query string → 401 envelope;
 * - every operation with `x-permission`: a signed-in account without it → 403; every other
 *   protected operation lets that account through (not 401/403);
 * - every protected operation called by tenant 2's administrator with tenant 1's objects
 *   (VIN, export task) → nothing of tenant 1 in the answer, 404 for a single object,
 *   nothing written when refused, and any export it submits holds no row.
 */
const engine = testEngine();

/** The table of each coded register (its operations' names hold the first part). */
const REGISTER_TABLES: Record<string, string> = {
  Gearbox: "gearbox",
  FinanceOrg: "finance_org",
  LeaseOrg: "lease_org",
  EconomicSpeed: "economic_speed",
  FaultCode: "fault_code",
  CanSignal: "can_signal",
  DictItem: "dict_item",
  InfoSystem: "info_system",
  Machinery: "machinery_info",
  VehicleUnit: "ecu",
  BlackBox: "black_box",
  MesVehicle: "mes_vehicle",
  AppUser: "app_user",
};

/** Operations that submit an export task (their names start with "export"). */
const isExport = (id: string) => id.startsWith("export");

/**
 * Writes tenant 2's own calls may make while answering 2xx, each about tenant 2's own data:
 * an export task and its file (exports), its own token revoked (signOut), its own monitoring
 * setting (setNerMonitorInform), a row of its own coded register (create / delete of a gearbox
 * model, finance or lease organisation, economic band: keys are per tenant, so the example key
 * tenant 1 holds is free in tenant 2's catalogue; baseinfo-registers.test.ts proves tenant 1's
 * row is untouched). Anything else written is a cross-tenant write.
 */
function ownWrite(id: string, status: number, difference: string): boolean {
  if (status >= 300) return false;
  // T-Box故障记录 / 防拆报警 detect on read: a sweep over the gateway's facts of every tenant, the same
  // whoever reads, upserting derived records and its own bookkeeping (个人消息's readers run it too).
  if (
    /^(listTboxFaults|listTamperAlarms|listPersonalMessages|countUnreadMessages|markPersonalMessagesRead)$/.test(id) &&
    /^table (bss_device_sweep|bss_tbox_fault|bss_tamper_alarm):/.test(difference)
  )
    return true;
  if (isExport(id)) return difference.startsWith("table export_task:") || difference.startsWith("object exports/");
  if (id === "signOut") return difference.startsWith("table access_token:");
  if (id === "setNerMonitorInform") return difference.startsWith("table ner_monitor_inform:");
  // 车辆分组 and 个人消息: a group of tenant 2's own, its own account's read marks and message setting.
  if (id === "createVehicleGroup") return difference.startsWith("table operate_vehicle_group:");
  if (id === "markPersonalMessagesRead" || id === "setMessageSetting")
    return /^table personal_message_(read|setting):/.test(difference);
  // 高级筛选: a saved filter of tenant 2's own account (filters are an account's, never a tenant's).
  if (id === "createFleetFilter") return difference.startsWith("table operate_fleet_filter:");
  const register =
    /^(create|delete)(Gearbox|FinanceOrg|LeaseOrg|EconomicSpeed|FaultCode|CanSignal|DictItem|InfoSystem)$/.exec(
      id,
    )?.[2];
  if (register) return difference.startsWith(`table bss_${REGISTER_TABLES[register]}:`);
  // 机械信息, 车机数据, 监管终端管理, MES车辆管理, APP用户信息: registers of their own tenant too.
  const rest = /^(create|delete)(Machinery|VehicleUnit|BlackBox|MesVehicle|AppUser)$/.exec(id)?.[2];
  if (rest) return difference.startsWith(`table bss_${REGISTER_TABLES[rest]}:`);
  // 芯片型号备案: a chip model filing of tenant 2's own (keys are per tenant; it names nothing of another table).
  if (id === "createChipModelFiling" || id === "deleteChipModelFiling")
    return difference.startsWith("table nr4_chip_filing:");
  // 系统管理: a role, account or organisation of tenant 2's own (role codes are per tenant); the
  // grants' version rises with every write to roles and their links.
  if (/^create(PermitRole|PermitAccount|PermitOrg)$/.test(id))
    return /^table (role|role_menu|account|account_role|org|authz_version):/.test(difference);
  return false;
}

/** Every `vin` property anywhere in a JSON answer: the vehicles its rows are about. */
function rowsAbout(json: unknown): string[] {
  if (Array.isArray(json)) return json.flatMap(rowsAbout);
  if (typeof json !== "object" || json === null) return [];
  return Object.entries(json).flatMap(([k, v]) =>
    k.toLowerCase() === "vin" && typeof v === "string" ? [v] : rowsAbout(v),
  );
}

/** Every cell of every sheet of an .xlsx, as one text. */
async function workbookText(file: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
  return cells.join("\n");
}
let server: TestServer;
const ids = Object.keys(sdkOperations) as (keyof typeof sdkOperations)[];

/**
 * Time for one sweep over every operation (thousands of requests, growing with openapi/): about
 * 30 s on a quiet two-core machine; the project's 60 s ran out when the cores were shared.
 */
const MATRIX_TIMEOUT_MS = 240_000;

describe.skipIf(engine.skip)(`authorisation matrix over every operation (${engine.kind})`, () => {
  let facts1: Awaited<ReturnType<typeof seedFacts>>;
  let admin: string;
  beforeAll(async () => {
    server = await startSmallServer();
    admin = await adminToken(server.url);
    facts1 = await seedFacts(server.db, "T0001");
  }, 180_000);
  afterAll(() => server?.stop());

  it("the SDK's table and the server list the same operations", () => {
    expect(new Set(ids)).toEqual(new Set(serverOperations.map((o) => o.operationId)));
  });

  it("answers 401 without a valid bearer token in the header, on every protected operation", {
    timeout: MATRIX_TIMEOUT_MS,
  }, async () => {
    const adminId = await accountIdOf(server.db, "admin");
    const expired = await expiredTokenFor(server.db, adminId);
    const signedOut = await tokenFor(server.db, adminId);
    const out = await fetch(new URL("/b-iam-account/users/signOut", server.url), {
      headers: { authorization: `Bearer ${signedOut}` },
    });
    expect(out.status).toBe(200);
    const valid = await tokenFor(server.db, adminId);
    const cases: [string, (s: RequestSpec) => void][] = [
      ["no token", (s) => delete s.headers.authorization],
      ["malformed token", (s) => (s.headers.authorization = "Bearer not-a-token")],
      ["oversized token", (s) => (s.headers.authorization = `Bearer ${"A".repeat(5000)}`)],
      ["wrong scheme", (s) => (s.headers.authorization = `Basic ${valid}`)],
      ["expired token", (s) => (s.headers.authorization = `Bearer ${expired}`)],
      ["signed-out token", (s) => (s.headers.authorization = `Bearer ${signedOut}`)],
      [
        "token only in the query string",
        (s) => {
          delete s.headers.authorization;
          s.query.access_token = valid;
          s.query.token = valid;
        },
      ],
    ];
    const failures: string[] = [];
    let checked = 0;
    const protectedIds = ids.filter((id) => !sdkOperations[id].public);
    for (const id of protectedIds) {
      const op = operation(id);
      const base = baselineOf(op, facts1, admin);
      for (const [name, change] of cases) {
        const spec = cloneSpec(base);
        change(spec);
        const answer = await send(server.url, op, spec);
        checked++;
        if (answer.status !== 401) failures.push(`${id} with ${name}: ${answer.status} ${answer.text.slice(0, 120)}`);
        // RFC 6750 §3: the scheme is named on every 401 (invalid_token only when a bearer token was sent).
        const challenge = answer.headers.get("www-authenticate") ?? "";
        const sentBearer = (spec.headers.authorization ?? "").startsWith("Bearer ");
        if (!challenge.startsWith("Bearer ") || challenge.includes('error="invalid_token"') !== sentBearer)
          failures.push(`${id} with ${name}: WWW-Authenticate "${challenge}"`);
        const problem = envelopeProblem(answer);
        if (problem) failures.push(`${id} with ${name}: ${problem}`);
      }
    }
    console.log(
      `authorisation matrix: 401 checked on ${protectedIds.length}/${protectedIds.length} protected operations (${checked} requests)`,
    );
    expect(protectedIds.length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it("answers 403 to an account without the operation's x-permission, and only then", {
    timeout: MATRIX_TIMEOUT_MS,
  }, async () => {
    const nobodyId = await accountWithoutPermissions(server.db, "authz-nobody");
    const failures: string[] = [];
    let withPermission = 0;
    let without = 0;
    for (const id of ids.filter((i) => !sdkOperations[i].public)) {
      const op = operation(id);
      // A fresh token per operation: signOut (which needs no permission) revokes the one it is given.
      const nobody = await tokenFor(server.db, nobodyId);
      const answer = await send(server.url, op, baselineOf(op, facts1, nobody));
      if (sdkOperations[id].permission) {
        withPermission++;
        if (answer.status !== 403)
          failures.push(`${id} (${sdkOperations[id].permission}): ${answer.status} ${answer.text.slice(0, 120)}`);
        const problem = envelopeProblem(answer);
        if (problem) failures.push(`${id}: ${problem}`);
      } else {
        without++;
        if (answer.status === 401 || answer.status === 403)
          failures.push(`${id} needs no permission but answered ${answer.status}`);
      }
    }
    console.log(
      `authorisation matrix: 403 checked on ${withPermission} operations with x-permission; ${without} without let a signed-in account through`,
    );
    expect(failures).toEqual([]);
  });

  it("lets public operations ignore a bogus bearer token (no token needed, none trusted)", async () => {
    const failures: string[] = [];
    const publicIds = ids.filter((i) => sdkOperations[i].public);
    for (const id of publicIds) {
      const op = operation(id);
      const plain = await send(server.url, op, baselineOf(op, facts1, undefined));
      const withBogus = cloneSpec(baselineOf(op, facts1, undefined));
      withBogus.headers.authorization ??= "Bearer bogus";
      const bogus = await send(server.url, op, withBogus);
      if (plain.status === 401 && !sdkOperations[id].basicClient)
        failures.push(`${id} is public but answered 401 without a token`);
      if (!sdkOperations[id].basicClient && bogus.status !== plain.status)
        failures.push(`${id}: ${plain.status} without a token, ${bogus.status} with a bogus one`);
    }
    console.log(`authorisation matrix: ${publicIds.length} public operations checked`);
    expect(failures).toEqual([]);
  });

  it("never shows or changes tenant 1's objects to tenant 2's administrator, on every protected operation", {
    timeout: MATRIX_TIMEOUT_MS,
  }, async () => {
    // An export of tenant 1, so "another tenant's object" includes a task id.
    const submitted = await send(
      server.url,
      operation("exportLoginLog"),
      baselineOf(operation("exportLoginLog"), facts1, admin),
    );
    expect(submitted.status).toBe(200);
    const foreignTaskId = (submitted.json as { data: { taskId: string } }).data.taskId;
    await server.ctx.exports.idle();

    const t2 = await seedFacts(server.db, "T0002");
    const t2adminId = await accountIdOf(server.db, "tenant2admin");
    const objects = await foreignObjects(server.db, facts1, foreignTaskId);
    const secrets = await foreignIdentifiers(server.db, t2.tenantId);
    expect(secrets).toContain(facts1.vin);
    const log = await installWriteLog(server.db as Kysely<unknown>);

    const failures: string[] = [];
    let checked = 0;
    // Exports last: their file names echo the VIN tenant 2 typed, which the export list then shows.
    const order = ids
      .filter((i) => !sdkOperations[i].public)
      .toSorted((a, b) => Number(isExport(a)) - Number(isExport(b)));
    const specs = new Map<string, RequestSpec>();
    // Every row written and every file of the object store, from just before each request (after
    // tokenFor's own token row) to just after its answer and any export it started.
    const root = server.ctx.objects.root;
    for (const id of order) {
      const op = operation(id);
      for (const missing of unfilledIdentifiers(op, objects))
        failures.push(`${id}: no real object of tenant 1 for ${missing} (add it to support/foreignObjects.ts)`);
      const t2admin = await tokenFor(server.db, t2adminId);
      const spec = withForeignObjects(baselineOf(op, facts1, t2admin, { fillKnown: true }), op, objects);
      specs.set(id, spec);
      const sent = JSON.stringify(spec);
      await server.ctx.exports.idle();
      const mark = await log.mark();
      const filesBefore = await filesUnder(root);
      const answer = await send(server.url, op, spec);
      checked++;
      if (answer.status >= 500) failures.push(`${id}: ${answer.status} ${answer.text.slice(0, 120)}`);
      // What tenant 2 sent is echoed legitimately (an export's file name); anything else of tenant 1 is a leak.
      const leaked = [
        ...secrets.filter((s) => !sent.includes(s) && answer.text.includes(s)),
        // A row about a foreign vehicle is a leak even for the VIN that was asked for.
        ...rowsAbout(answer.json).filter((vin) => secrets.includes(vin)),
      ];
      if (leaked.length > 0) failures.push(`${id} showed tenant 1's ${leaked.slice(0, 3).join(", ")}`);
      if ("id" in spec.path && answer.status !== 404)
        failures.push(`${id} of tenant 1's task ${foreignTaskId}: ${answer.status}, expected 404`);
      // After every answer, not only refusals: a cross-tenant write answering 200 is the worst case.
      await server.ctx.exports.idle();
      const written = [
        ...(await log.since(mark)),
        ...differences({ tables: {}, objects: filesBefore }, { tables: {}, objects: await filesUnder(root) }),
      ];
      const changed = written.filter((d) => !ownWrite(id, answer.status, d));
      if (changed.length > 0) failures.push(`${id} answered ${answer.status} and wrote ${changed.join("; ")}`);
    }

    // The matrix proves something only if its ids are real: tenant 1's administrator sending the
    // same requests must not be told "not found" (deletes last, so they do not remove what others use).
    const replay = [...specs.keys()].toSorted(
      (a, b) => Number(a.startsWith("delete")) - Number(b.startsWith("delete")),
    );
    for (const id of replay) {
      const op = operation(id);
      if (!op.parameters.some((p) => isIdentifier(p.name)) && !/"(vin|iccid|ids)"/.test(String(specs.get(id)?.body)))
        continue;
      const spec = cloneSpec(specs.get(id) as RequestSpec);
      spec.headers.authorization = `Bearer ${await tokenFor(server.db, await accountIdOf(server.db, "admin"))}`;
      const answer = await send(server.url, op, spec);
      if (answer.status === 404 && !("id" in spec.path))
        failures.push(`${id}: tenant 1's own administrator got 404 — the matrix sent an id that does not exist`);
    }

    await server.ctx.exports.idle();
    const exported = await server.db
      .selectFrom("export_task")
      .select(["kind", "status", "object_key"])
      .where("account_id", "=", t2adminId)
      .execute();
    for (const task of exported) {
      if (task.status !== "done" || !task.object_key) continue;
      const text = await workbookText(path.join(server.ctx.objects.root, task.object_key));
      const leaked = secrets.filter((s) => text.includes(s));
      if (leaked.length > 0)
        failures.push(`tenant 2's export ${task.kind} holds tenant 1's ${leaked.slice(0, 3).join(", ")}`);
    }
    console.log(
      `authorisation matrix: cross-tenant access checked on ${checked} protected operations, database and files compared after every answer (${exported.length} export files read back)`,
    );
    expect(failures).toEqual([]);
  });
});
