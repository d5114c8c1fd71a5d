import {
  checkRegisterRow,
  FILINGS,
  type FilingKind,
  MSG_FILING_REASON_REQUIRED,
  MSG_PLATFORM_HOST,
  MSG_REPLACE_SAME_TERMINAL,
  msgFilingActionRefused,
  msgFilingNotDeletable,
  msgFilingNotEditable,
  writableFields,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unseal } from "../../apps/server/src/services/tsp-bss/notRoadFour/seal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { NOT_ROAD_FOUR_OPS } from "./support/owners";

/**
 * Contract of 非道路国四数据转发: the four filings (list, detail, create as a draft, edit only
 * while 草稿 / 已驳回, delete only drafts, import as drafts with a per-row report, template,
 * export read back) and their moves (submit → reject with reason → resubmit → approve, every
 * other move 409); the forwarding platforms, whose password is sealed at rest and never
 * answered; the machines forwarded to each platform with the per-PIN report. Tenant isolation
 * and nothing written by a refused request throughout.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let tenant2: string;
const ledger = new CallLedger(() => server.url);

type Row = Record<string, unknown> & { updatedAt: number; status: string; reason: string | null };
const KINDS: Record<FilingKind, { base: string; one: string; many: string }> = {
  chipModel: { base: "chipModel", one: "ChipModelFiling", many: "ChipModelFilings" },
  terminalModel: { base: "terminalModel", one: "TerminalModelFiling", many: "TerminalModelFilings" },
  machineRecord: { base: "machineRecord", one: "MachineFiling", many: "MachineFilings" },
  terminalReplaceRecord: {
    base: "terminalReplaceRecord",
    one: "TerminalReplaceFiling",
    many: "TerminalReplaceFilings",
  },
};
const keyOf = (kind: FilingKind) => FILINGS[kind].fields[0]?.key as string;

async function all(kind: FilingKind, token = admin, query: Record<string, unknown> = {}): Promise<Row[]> {
  return (await ledger.call(`list${KINDS[kind].many}`, { token, query: { pageSize: 1000, ...query } })).body.data.list;
}

describe.skipIf(engine.skip)(`非道路国四数据转发 contract (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
  /** New rows, one per filing, naming what the tenant holds. */
  const fresh: Partial<Record<FilingKind, Record<string, unknown>>> = {};

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
    const machines = (await ledger.call("listMachineries", { token: admin, query: { pageSize: 1000 } })).body.data.list;
    const terminals = (await ledger.call("listBlackBoxes", { token: admin, query: { pageSize: 1000 } })).body.data
      .list as { terminalId: string }[];
    const machine = machines.find((m: { emissionStage: string }) => m.emissionStage === "cn4");
    fresh.chipModel = { chipModel: "CT-CHIP-1", maker: "合同测试微电子", certNo: "SM-CT-0001", remark: null };
    fresh.terminalModel = {
      terminalModel: "CT-TERM-1",
      maker: "合同测试电子",
      firmware: "V1.0.0",
      chipModel: "CT-CHIP-1",
      positioning: "bdsGps",
      protocol: "hj1322",
      testReportNo: null,
      remark: null,
    };
    // The filed machines are the seed's; a machine filing of its own needs a machine not yet filed.
    const filed = new Set((await all("machineRecord")).map((r) => r.pin));
    const free =
      machines.find((m: { vin: string; emissionStage: string }) => m.emissionStage === "cn4" && !filed.has(m.vin)) ??
      machine;
    fresh.machineRecord = {
      pin: free.vin,
      engineNo: free.engineNo,
      emissionStage: "cn4",
      terminalId: terminals[0]?.terminalId,
      disclosureNo: "CN ND G4 37 0001 000999",
      remark: null,
    };
    fresh.terminalReplaceRecord = {
      applyNo: "CT-R-1",
      pin: machine.vin,
      oldTerminalId: terminals[0]?.terminalId,
      newTerminalId: terminals[1]?.terminalId,
      replaceReason: "终端进水损坏",
      replaceDate: "2025-03-15",
    };
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    expect(NOT_ROAD_FOUR_OPS).toHaveLength(60);
    for (const id of NOT_ROAD_FOUR_OPS) {
      const op = operation(id);
      if (op.requestBody?.content["multipart/form-data"]) {
        const res = await postFile(server.url, id, op.path, { name: "a.xlsx", bytes: Buffer.from("x") }, undefined);
        ledger.record(id, res.status);
        expect(res.status, id).toBe(401);
        continue;
      }
      expect((await ledger.call(id, op.method === "post" && op.requestBody ? { body: {} } : {})).status, id).toBe(401);
    }
  }, 240_000);

  it("seeds every filing in every state, rejected and failed ones with their reason, each tenant its own", async () => {
    const states = new Set<string>();
    for (const kind of Object.keys(KINDS) as FilingKind[]) {
      const mine = await all(kind);
      const theirs = await all(kind, tenant2);
      expect(mine.length, kind).toBeGreaterThanOrEqual(3);
      for (const r of [...mine, ...theirs]) {
        expect(checkRegisterRow(FILINGS[kind], r).ok, JSON.stringify(r)).toBe(true);
        states.add(r.status);
        expect(r.reason !== null, JSON.stringify(r)).toBe(r.status === "rejected" || r.status === "failed");
      }
      const keys = mine.map((r) => r[keyOf(kind)]);
      expect(keys).toEqual(keys.toSorted());
      const approved = await all(kind, admin, { status: "approved" });
      expect(approved.every((r) => r.status === "approved")).toBe(true);
      expect(approved.length).toBe(mine.filter((r) => r.status === "approved").length);
    }
    expect(states).toEqual(new Set(["draft", "pending", "approved", "rejected", "timeout", "failed"]));
    expect((await ledger.call("listChipModelFilings", { token: admin, query: { status: "lost" } })).status).toBe(400);
    const [chip] = await all("chipModel", admin, { keyWords: "z32h" });
    expect(chip?.chipModel).toBe("Z32H330");
    const one = await ledger.call("getChipModelFiling", { token: admin, query: { chipModel: "Z32H330" } });
    expect(one.body.data).toEqual(chip);
    const theirs = await ledger.call("getChipModelFiling", { token: tenant2, query: { chipModel: "FM1280" } });
    expect(theirs.status).toBe(404);
  }, 240_000);

  it("creates drafts (the state is not the caller's to set), checks references, refuses a taken key", async () => {
    for (const kind of Object.keys(KINDS) as FilingKind[]) {
      const { one } = KINDS[kind];
      const row = fresh[kind] as Record<string, unknown>;
      const created = await ledger.call(`create${one}`, { token: admin, body: row });
      expect(created.status, `${kind} ${JSON.stringify(created.body)}`).toBe(200);
      expect(created.body.data).toMatchObject({ ...row, status: "draft", reason: null });
      const k = keyOf(kind);
      const read = await ledger.call(`get${one}`, { token: admin, query: { [k]: row[k] } });
      expect(read.body.data).toEqual(created.body.data);
      const saved = await ledger.call(`update${one}`, {
        token: admin,
        body: { ...row, updatedAt: created.body.data.updatedAt },
      });
      expect(saved.body.data).toMatchObject({ ...row, status: "draft" });
      const before = await snapshot();
      expect((await ledger.call(`create${one}`, { token: admin, body: row })).status, kind).toBe(409);
      // A state sent with the row is refused by the contract (closed body).
      expect((await ledger.call(`create${one}`, { token: admin, body: { ...row, status: "approved" } })).status).toBe(
        400,
      );
      expect(differences(before, await snapshot())).toEqual([]);
    }
    const before = await snapshot();
    const unknownChip = await ledger.call("createTerminalModelFiling", {
      token: admin,
      body: { ...fresh.terminalModel, terminalModel: "CT-TERM-2", chipModel: "NOPE-1" },
    });
    expect(unknownChip.body.msg).toBe("芯片型号NOPE-1未在芯片型号备案中登记");
    const same = await ledger.call("createTerminalReplaceFiling", {
      token: admin,
      body: {
        ...fresh.terminalReplaceRecord,
        applyNo: "CT-R-2",
        newTerminalId: fresh.terminalReplaceRecord?.oldTerminalId,
      },
    });
    expect(same.body.data.failDetail).toEqual([{ field: "newTerminalId", msg: MSG_REPLACE_SAME_TERMINAL }]);
    // Another tenant's terminal is not one the caller holds.
    expect(differences(before, await snapshot())).toEqual([]);
  }, 240_000);

  it("moves a terminal model filing submit → reject with reason → edit → resubmit → approve, refusing every other move", async () => {
    const key = "CT-TERM-1";
    const move = (action: string, body: Record<string, unknown> = {}) =>
      ledger.call(`${action}TerminalModelFiling`, { token: admin, body: { key, ...body } });
    const early = await move("approve");
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(msgFilingActionRefused("draft", "approve"));
    expect((await move("submit")).body.data).toMatchObject({ status: "pending", reason: null });
    const [pending] = await all("terminalModel", admin, { keyWords: key });
    const locked = await ledger.call("updateTerminalModelFiling", {
      token: admin,
      body: { ...fresh.terminalModel, firmware: "V1.0.1", updatedAt: pending?.updatedAt },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.msg).toBe(msgFilingNotEditable("pending"));
    const noReason = await move("reject", { reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe(MSG_FILING_REASON_REQUIRED);
    const rejected = await move("reject", { reason: "检测报告编号缺失" });
    expect(rejected.body.data).toMatchObject({ status: "rejected", reason: "检测报告编号缺失" });
    const edited = await ledger.call("updateTerminalModelFiling", {
      token: admin,
      body: { ...fresh.terminalModel, testReportNo: "NRMM-T-2025-00001", updatedAt: rejected.body.data.updatedAt },
    });
    expect(edited.body.data).toMatchObject({ testReportNo: "NRMM-T-2025-00001", status: "rejected" });
    const stale = await ledger.call("updateTerminalModelFiling", {
      token: admin,
      body: { ...fresh.terminalModel, updatedAt: rejected.body.data.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect((await move("submit")).status).toBe(409);
    expect((await move("resubmit")).body.data).toMatchObject({ status: "pending", reason: null });
    expect((await move("approve")).body.data).toMatchObject({ status: "approved", reason: null });
    expect((await move("resubmit")).status).toBe(409);
    const del = await ledger.call("deleteTerminalModelFiling", { token: admin, query: { terminalModel: key } });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe(msgFilingNotDeletable("approved"));
    expect((await ledger.call("submitTerminalModelFiling", { token: tenant2, body: { key } })).status).toBe(404);
    // The chip model a terminal model names is kept.
    expect(
      (await ledger.call("deleteChipModelFiling", { token: admin, query: { chipModel: "CT-CHIP-1" } })).status,
    ).toBe(409);
    // Each other filing through its own moves: submit, approve / reject, resubmit.
    for (const kind of ["chipModel", "machineRecord", "terminalReplaceRecord"] as const) {
      const { one } = KINDS[kind];
      const k = String(fresh[kind]?.[keyOf(kind)]);
      expect((await ledger.call(`submit${one}`, { token: admin, body: { key: k } })).body.data.status).toBe("pending");
      expect((await ledger.call(`reject${one}`, { token: admin, body: { key: k } })).status).toBe(400);
      expect(
        (await ledger.call(`reject${one}`, { token: admin, body: { key: k, reason: "资料不全" } })).body.data.status,
      ).toBe("rejected");
      expect((await ledger.call(`resubmit${one}`, { token: admin, body: { key: k } })).body.data.status).toBe(
        "pending",
      );
      expect((await ledger.call(`resubmit${one}`, { token: admin, body: { key: k } })).status).toBe(409);
      expect((await ledger.call(`approve${one}`, { token: admin, body: { key: k } })).body.data.status).toBe(
        "approved",
      );
      expect((await ledger.call(`approve${one}`, { token: admin, body: { key: "NOPE" } })).status).toBe(404);
      expect((await ledger.call(`submit${one}`, { token: admin, body: { key: "" } })).status).toBe(400);
    }
  }, 240_000);

  it("edits and deletes drafts; another tenant's filing reads as absent", async () => {
    const row = { ...fresh.chipModel, chipModel: "CT-CHIP-2" };
    const created = await ledger.call("createChipModelFiling", { token: admin, body: row });
    const saved = await ledger.call("updateChipModelFiling", {
      token: admin,
      body: { ...row, maker: "改名微电子", updatedAt: created.body.data.updatedAt },
    });
    expect(saved.body.data).toMatchObject({ maker: "改名微电子", status: "draft" });
    expect(
      (await ledger.call("deleteChipModelFiling", { token: tenant2, query: { chipModel: "CT-CHIP-2" } })).status,
    ).toBe(404);
    expect(
      (await ledger.call("deleteChipModelFiling", { token: admin, query: { chipModel: "CT-CHIP-2" } })).status,
    ).toBe(200);
    for (const kind of ["terminalModel", "machineRecord", "terminalReplaceRecord"] as const) {
      const { one } = KINDS[kind];
      const k = keyOf(kind);
      const [draft] = await all(kind, admin, { status: "draft" });
      if (draft) {
        const res = await ledger.call(`update${one}`, {
          token: admin,
          body: {
            ...Object.fromEntries(writableFields(FILINGS[kind]).map((f) => [f.key, draft[f.key]])),
            updatedAt: draft.updatedAt,
          },
        });
        expect(res.status, kind).toBe(200);
      }
      expect((await ledger.call(`update${one}`, { token: admin, body: { [k]: "x" } })).status).toBe(400);
      expect((await ledger.call(`delete${one}`, { token: admin, query: { [k]: "NOPE0000000000000" } })).status).toBe(
        404,
      );
      expect((await ledger.call(`get${one}`, { token: admin, query: {} })).status).toBe(400);
    }
    // Drafts of their own, deleted.
    for (const [kind, key] of [
      ["terminalModel", "CT-TERM-3"],
      ["terminalReplaceRecord", "CT-R-3"],
    ] as const) {
      const { one } = KINDS[kind];
      const k = keyOf(kind);
      expect((await ledger.call(`create${one}`, { token: admin, body: { ...fresh[kind], [k]: key } })).status).toBe(
        200,
      );
      expect((await ledger.call(`delete${one}`, { token: admin, query: { [k]: key } })).status).toBe(200);
    }
    const draftReplace = (await all("terminalReplaceRecord", admin, { status: "draft" }))[0];
    if (draftReplace)
      expect(
        (await ledger.call("deleteTerminalReplaceFiling", { token: admin, query: { applyNo: draftReplace.applyNo } }))
          .status,
      ).toBe(200);
    const draftMachine = (await all("machineRecord", admin, { status: "draft" }))[0];
    if (draftMachine)
      expect(
        (await ledger.call("deleteMachineFiling", { token: admin, query: { pin: draftMachine.pin } })).status,
      ).toBe(200);
    expect((await ledger.call("deleteMachineFiling", { token: admin, query: {} })).status).toBe(400);
    expect(
      (await ledger.call("deleteTerminalModelFiling", { token: admin, query: { terminalModel: "NOPE" } })).status,
    ).toBe(404);
  }, 240_000);

  it("imports drafts with a per-row report, templates the writable fields, exports with the state", async () => {
    for (const kind of Object.keys(KINDS) as FilingKind[]) {
      const { base, one, many } = KINDS[kind];
      const def = FILINGS[kind];
      const tpl = await ledger.call(`download${one}Template`, { token: admin });
      expect(tpl.status).toBe(200);
      const [header] = await sheetRows(Buffer.from(tpl.bytes));
      expect(header).toEqual(writableFields(def).map((f) => f.label));
      // One row: the example (refused) — the report names it, nothing is saved.
      const example = writableFields(def).map((f) => def.example[f.key] ?? "");
      const bytes = await xlsxOf(
        writableFields(def).map((f) => f.label),
        [example],
      );
      const res = await postFile(
        server.url,
        `import${many}`,
        `/tsp-bss/notRoadFour/${base}/import`,
        { name: "a.xlsx", bytes },
        admin,
      );
      ledger.record(`import${many}`, res.status);
      expect(res.status, kind).toBe(200);
      expect(res.body.data).toMatchObject({ all: 1, success: 0, failed: 1 });
      const bad = await postFile(
        server.url,
        `import${many}`,
        `/tsp-bss/notRoadFour/${base}/import`,
        { name: "a.xlsx", bytes: Buffer.from("x") },
        admin,
      );
      ledger.record(`import${many}`, bad.status);
      expect(bad.status).toBe(400);
      const exp = await ledger.call(`export${many}`, { token: admin, query: { status: "approved" } });
      expect(exp.status).toBe(200);
      expect((await ledger.call(`export${many}`, { token: admin, query: { status: "gone" } })).status).toBe(400);
      await server.ctx.exports.idle();
      const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
      const rows = await sheetRows(await file.blob.arrayBuffer());
      expect(rows[0]).toEqual([...def.fields.map((f) => f.label), "修改人", "修改时间"]);
      expect(rows.slice(1).every((r) => r[def.fields.length - 2] === "已通过")).toBe(true);
      expect(rows.length - 1).toBe((await all(kind, admin, { status: "approved" })).length);
    }
    // Machine filings are filed a fleet at a time: good rows are saved as drafts, bad ones reported.
    const machines = (await ledger.call("listMachineries", { token: admin, query: { pageSize: 1000 } })).body.data.list;
    const filed = new Set((await all("machineRecord")).map((r) => r.pin));
    const free = machines.filter(
      (m: { vin: string; emissionStage: string }) => m.emissionStage === "cn4" && !filed.has(m.vin),
    );
    const [terminal] = (await ledger.call("listBlackBoxes", { token: admin, query: { pageSize: 1 } })).body.data.list;
    const lines = [
      ...free
        .slice(0, 2)
        .map((m: { vin: string; engineNo: string }) => [
          m.vin,
          m.engineNo,
          "国四",
          terminal.terminalId,
          "CN ND G4 37 0001 000777",
          "",
        ]),
      ["LNOTAPIN", "X1", "国四", terminal.terminalId, "CN", ""],
    ];
    const bytes = await xlsxOf(
      writableFields(FILINGS.machineRecord).map((f) => f.label),
      lines,
    );
    const res = await postFile(
      server.url,
      "importMachineFilings",
      "/tsp-bss/notRoadFour/machineRecord/import",
      { name: "m.xlsx", bytes },
      admin,
    );
    expect(res.body.data).toMatchObject({ all: lines.length, success: lines.length - 1, failed: 1 });
    const added = await all("machineRecord", admin, { keyWords: free[0]?.vin });
    expect(added[0]?.status).toBe("draft");
  }, 240_000);

  it("keeps a platform's password sealed at rest and never answers it", async () => {
    const body = {
      name: "合同测试平台",
      host: "10.1.2.3",
      port: 19006,
      protocol: "hj1239",
      account: "CTFWD1",
      password: "Pw#123456",
      enabled: true,
    };
    const created = await ledger.call("createForwardPlatform", { token: admin, body });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: body.name, passwordSet: true, machines: 0 });
    expect(JSON.stringify(created.body)).not.toContain("Pw#123456");
    const id = created.body.data.id as number;
    const stored = await (
      server.db as unknown as Kysely<{ nr4_forward_platform: { id: number; password_sealed: string } }>
    )
      .selectFrom("nr4_forward_platform")
      .select("password_sealed")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.password_sealed).not.toContain("Pw#123456");
    expect(unseal(server.ctx.secrets, stored.password_sealed)).toBe("Pw#123456");
    const list = await ledger.call("listForwardPlatforms", { token: admin, query: { keyWords: "合同测试" } });
    expect(list.body.data.list).toEqual([created.body.data]);
    expect(JSON.stringify(list.body)).not.toContain("Pw#");
    const got = await ledger.call("getForwardPlatform", { token: admin, query: { id } });
    expect(got.body.data).toEqual(created.body.data);
    // An edit without a password keeps the sealed one.
    const edited = await ledger.call("updateForwardPlatform", {
      token: admin,
      body: { ...body, id, password: "", port: 19007, updatedAt: created.body.data.updatedAt },
    });
    expect(edited.body.data.port).toBe(19007);
    const kept = await (
      server.db as unknown as Kysely<{ nr4_forward_platform: { id: number; password_sealed: string } }>
    )
      .selectFrom("nr4_forward_platform")
      .select("password_sealed")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(kept.password_sealed).toBe(stored.password_sealed);
    const bad = await ledger.call("createForwardPlatform", {
      token: admin,
      body: { ...body, name: "另一个", host: "not a host" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(MSG_PLATFORM_HOST);
    expect((await ledger.call("createForwardPlatform", { token: admin, body })).status).toBe(409);
    expect(
      (await ledger.call("updateForwardPlatform", { token: admin, body: { ...body, id, updatedAt: 1 } })).status,
    ).toBe(409);
    expect((await ledger.call("getForwardPlatform", { token: tenant2, query: { id } })).status).toBe(404);
    expect((await ledger.call("listForwardPlatforms", { token: admin, query: { protocol: "ftp" } })).status).toBe(400);
    // The refused calls left the platform as it was.
    expect((await ledger.call("getForwardPlatform", { token: admin, query: { id } })).body.data).toEqual(
      edited.body.data,
    );
    const seeded = (await ledger.call("listForwardPlatforms", { token: admin, query: { protocol: "hj1239" } })).body
      .data.list;
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    expect(seeded.every((p: { protocol: string }) => p.protocol === "hj1239")).toBe(true);

    // Machines: a pasted list with a per-PIN report; a platform with machines is not deleted.
    const machines = (await ledger.call("listMachineries", { token: admin, query: { pageSize: 3 } })).body.data.list;
    const pins = machines.map((m: { vin: string }) => m.vin);
    const added = await ledger.call("addForwardMachines", {
      token: admin,
      body: { platformId: id, pins: [...pins, pins[0], "BAD", "LNOTKNOWN00000000"] },
    });
    expect(added.body.data.added).toEqual(pins);
    expect(added.body.data.refused.map((r: { pin: string }) => r.pin)).toEqual([pins[0], "BAD", "LNOTKNOWN00000000"]);
    const again = await ledger.call("addForwardMachines", { token: admin, body: { platformId: id, pins: [pins[0]] } });
    expect(again.body.data).toEqual({ added: [], already: [pins[0]], refused: [] });
    expect((await ledger.call("addForwardMachines", { token: admin, body: { platformId: id, pins: [] } })).status).toBe(
      400,
    );
    expect((await ledger.call("addForwardMachines", { token: tenant2, body: { platformId: id, pins } })).status).toBe(
      404,
    );
    const listed = await ledger.call("listForwardMachines", { token: admin, query: { platformId: id } });
    expect(listed.body.data.list.map((r: { pin: string }) => r.pin)).toEqual(pins.toSorted());
    expect(listed.body.data.list[0]).toMatchObject({ platformName: "合同测试平台", enabled: true });
    expect((await ledger.call("listForwardMachines", { token: admin, query: { platformId: 0 } })).status).toBe(400);
    expect((await ledger.call("deleteForwardPlatform", { token: admin, query: { id } })).status).toBe(409);
    const paused = await ledger.call("setForwardMachineEnabled", {
      token: admin,
      body: { platformId: id, pin: pins[0], enabled: false },
    });
    expect(paused.status).toBe(200);
    expect(
      (await ledger.call("listForwardMachines", { token: admin, query: { platformId: id, enabled: false } })).body.data
        .list,
    ).toHaveLength(1);
    expect(
      (
        await ledger.call("setForwardMachineEnabled", {
          token: admin,
          body: { platformId: id, pin: "LNOTKNOWN00000000", enabled: true },
        })
      ).status,
    ).toBe(404);
    for (const pin of pins)
      expect((await ledger.call("removeForwardMachine", { token: admin, query: { platformId: id, pin } })).status).toBe(
        200,
      );
    expect(
      (await ledger.call("removeForwardMachine", { token: admin, query: { platformId: id, pin: pins[0] } })).status,
    ).toBe(404);
    expect((await ledger.call("deleteForwardPlatform", { token: admin, query: { id } })).status).toBe(200);
    expect((await ledger.call("deleteForwardPlatform", { token: admin, query: { id } })).status).toBe(404);
  }, 240_000);

  it("imports machine–platform pairings from a sheet with a per-row report", async () => {
    const tpl = await ledger.call("downloadForwardMachineTemplate", { token: admin });
    expect((await sheetRows(Buffer.from(tpl.bytes)))[0]).toEqual(["机械PIN码", "转发平台"]);
    const platform = (await ledger.call("listForwardPlatforms", { token: admin, query: { pageSize: 100 } })).body.data
      .list[0] as { id: number; name: string };
    const machines = (await ledger.call("listMachineries", { token: admin, query: { pageSize: 40 } })).body.data.list;
    const forwarded = new Set(
      (
        await ledger.call("listForwardMachines", { token: admin, query: { platformId: platform.id, pageSize: 1000 } })
      ).body.data.list.map((r: { pin: string }) => r.pin),
    );
    const unpaired = machines.map((m: { vin: string }) => m.vin).filter((pin: string) => !forwarded.has(pin));
    const [a, b] = unpaired as [string, string];
    const already = [...forwarded][0] as string;
    const sheet = await xlsxOf(
      ["机械PIN码", "转发平台"],
      [
        ["LNR4EXAMPLE000001", "示例：省级非道路移动机械监管平台"],
        [a, platform.name],
        [b.toLowerCase(), ` ${platform.name} `],
        ["LNR4PXN0000000099", platform.name],
        [a, "没有这个平台"],
        [a, platform.name],
        [already, platform.name],
        ["BAD", ""],
      ],
    );
    const imported = await postFile(
      server.url,
      "importForwardMachines",
      "/tsp-bss/notRoadFour/machineManage/import",
      { name: "转发机械.xlsx", bytes: sheet },
      admin,
    );
    ledger.record("importForwardMachines", imported.status);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ all: 7, success: 2, failed: 5 });
    expect(imported.body.data.rows.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [5, "机械LNR4PXN0000000099未在机械信息中登记"],
      [6, "转发平台“没有这个平台”不存在"],
      [7, "文件中重复（同一机械和转发平台）"],
      [8, `机械${already}已转发到“${platform.name}”`],
      [9, "机械PIN码应为17位数字或除I、O、Q以外的大写字母；转发平台不能为空"],
    ]);
    const listed = await ledger.call("listForwardMachines", {
      token: admin,
      query: { platformId: platform.id, pageSize: 1000 },
    });
    const now = listed.body.data.list.filter((r: { pin: string }) => r.pin === a || r.pin === b);
    expect(now.map((r: { pin: string; enabled: boolean }) => [r.pin, r.enabled]).toSorted()).toEqual(
      [
        [a, true],
        [b, true],
      ].toSorted(),
    );
    // Another tenant's import does not see this tenant's machines; a file that is no workbook changes nothing.
    const theirs = await postFile(
      server.url,
      "importForwardMachines",
      "/tsp-bss/notRoadFour/machineManage/import",
      { name: "t.xlsx", bytes: await xlsxOf(["机械PIN码", "转发平台"], [[b, platform.name]]) },
      tenant2,
    );
    ledger.record("importForwardMachines", theirs.status);
    expect(theirs.body.data).toMatchObject({ success: 0, failed: 1 });
    expect(theirs.body.data.rows[0].reason).toContain(`机械${b}未在机械信息中登记`);
    const bad = await postFile(
      server.url,
      "importForwardMachines",
      "/tsp-bss/notRoadFour/machineManage/import",
      { name: "x.xlsx", bytes: Buffer.from("not a sheet") },
      admin,
    );
    ledger.record("importForwardMachines", bad.status);
    expect(bad.status).toBe(400);
    for (const pin of [a, b])
      await ledger.call("removeForwardMachine", { token: admin, query: { platformId: platform.id, pin } });
  });

  it("exports the forwarded machines of the list's filters, behind its permission, tenant by tenant", async () => {
    const platform = (await ledger.call("listForwardPlatforms", { token: admin, query: { pageSize: 100 } })).body.data
      .list[0] as { id: number; name: string };
    // Two machines of the tenant forwarded to it, one paused: the export keeps the list's filters.
    const forwarded = new Set(
      (
        await ledger.call("listForwardMachines", { token: admin, query: { platformId: platform.id, pageSize: 1000 } })
      ).body.data.list.map((r: { pin: string }) => r.pin),
    );
    const pins = (await ledger.call("listMachineries", { token: admin, query: { pageSize: 40 } })).body.data.list
      .map((m: { vin: string }) => m.vin)
      .filter((pin: string) => !forwarded.has(pin))
      .slice(0, 2) as [string, string];
    const added = await ledger.call("addForwardMachines", { token: admin, body: { platformId: platform.id, pins } });
    expect(added.body.data.added).toEqual(pins);
    await ledger.call("setForwardMachineEnabled", {
      token: admin,
      body: { platformId: platform.id, pin: pins[1], enabled: false },
    });
    const query = { platformId: platform.id, enabled: true };
    const listed = (await ledger.call("listForwardMachines", { token: admin, query: { ...query, pageSize: 1000 } }))
      .body.data as { list: { pin: string }[]; total: number };
    expect(listed.total).toBeGreaterThan(0);
    const operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    expect((await ledger.call("exportForwardMachines", { token: operator, query })).status).toBe(403);
    expect((await ledger.call("exportForwardMachines", { token: admin, query: { platformId: 0 } })).status).toBe(400);
    const mine = await ledger.call("exportForwardMachines", { token: admin, query });
    expect(mine.status).toBe(200);
    // Tenant 2 asking for tenant 1's platform gets an empty sheet, never tenant 1's rows.
    const theirs = await ledger.call("exportForwardMachines", { token: tenant2, query });
    expect(theirs.status).toBe(200);
    await server.ctx.exports.idle();
    const sheetOf = async (taskId: string, sdk: typeof adminSdk) => {
      const file = await download(sdk, `/comm-inc-center/v1/web/exportFile/${taskId}/download`);
      return sheetRows(await file.blob.arrayBuffer());
    };
    const rows = await sheetOf(mine.body.data.taskId, adminSdk);
    expect(rows[0]).toEqual(["机械PIN码", "转发平台", "转发开始时间", "转发状态", "机械备案状态", "更新人"]);
    expect(rows.length - 1).toBe(listed.total);
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.list.map((r) => r.pin));
    expect(rows.slice(1).every((r) => r[1] === platform.name && r[3] === "转发中")).toBe(true);
    const tenant2Sdk = (await signIn(server.url, "tenant2admin", "Admin@123456")).sdk;
    expect(await sheetOf(theirs.body.data.taskId, tenant2Sdk)).toHaveLength(1);
    expect(rows.slice(1).map((r) => r[0])).toContain(pins[0]);
    expect(rows.slice(1).map((r) => r[0])).not.toContain(pins[1]);
    for (const pin of pins)
      await ledger.call("removeForwardMachine", { token: admin, query: { platformId: platform.id, pin } });
  });

  it("called every operation with good and bad input", () => {
    ledger.expectCovered(NOT_ROAD_FOUR_OPS);
  });
});
