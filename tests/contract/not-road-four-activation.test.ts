import { createHash } from "node:crypto";
import {
  ACTIVATION_RESULT_LABELS,
  bytesToHex,
  decodeActivationAnswer,
  decodeHj1239Frame,
  decodeKeySyncAnswer,
  encodeActivationRequest,
  encodeFrame,
  encodeHj1239Frame,
  encodeHj1239Login,
  encodeHj1239Realtime,
  encodeKeySyncRequest,
  type Gbt32960Frame,
  KEY_SYNC_RESULT_LABELS,
  MSG_DOCUMENT_KEY,
  MSG_DOCUMENT_NOT_UPLOADED,
  MSG_TEMP_PUT_KEY,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import { sql } from "kysely";
import { sm2 } from "sm-crypto-v2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { BAD_SIGNATURE } from "../../apps/server/src/gateway/hj1239Server";
import { TestHj1239Terminal, TestTbox } from "../../apps/server/src/gateway/testClient";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { sheetRows } from "./business-sheets";
import { signIn } from "./support/contract";
import { NOT_ROAD_FOUR_ACTIVATION_OPS } from "./support/owners";

/**
 * Contract of the 非道路国四 filings' documents (附件 through getTempPutURL: tenant prefix, private
 * objects, PDF/JPEG/PNG, only while 草稿 / 已驳回) and 终端远程激活 (HJ 1322 / GB/T 32960-2025
 * 0x09 / 0x0A: asked, the terminal's frame judged against 监管终端管理, answered byte-exact,
 * history, export), each tenant its own.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let tenant2: string;
let t1: number;
let t2: number;
const ledger = new CallLedger(() => server.url);

const put = (url: string, bytes: Uint8Array, contentType: string, acl: string) =>
  fetch(new URL(url, server.url), {
    method: "PUT",
    headers: { "content-type": contentType, "x-obs-acl": acl },
    body: new Uint8Array(bytes),
  });

/** Uploads bytes as the caller's tenant's object through getTempPutURL; answers the key. */
async function upload(token: string, tenantId: number, bytes: Uint8Array, contentType: string, acl = "private") {
  const key = `t${tenantId}-nr4doc-${createHash("md5").update(bytes).digest("hex")}.pdf`;
  const signed = await ledger.call("getTempPutUrl", {
    token,
    query: { objectKey: key, contentType, access: acl },
  });
  expect(signed.status).toBe(200);
  expect((await put(signed.body.data.url, bytes, contentType, acl)).status).toBe(200);
  return key;
}

const KEY = `04${"5A".repeat(64)}`;
/** Hex to the bytes a terminal writes on its socket. */
const raw = (hex: string) => new Uint8Array(Buffer.from(hex, "hex"));
/** The HJ 1239 real-time frames a PIN's journal holds, in order. */
const frames = (pin: string) =>
  sql<{ status: string; reason: string | null; raw_hex: string }>`
    select status, reason, raw_hex from gateway_frame where vin = ${pin} and raw_hex like '232302%' order by id`;
const mustBytes = (r: { ok: true; value: Uint8Array } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
/** A frame (as the test terminal read it, or as a test builds it) back to hex. */
const hexOf = (f: Gbt32960Frame) => {
  const e = encodeFrame(f);
  if (!e.ok) throw new Error(e.error.message);
  return bytesToHex(e.value);
};

/** A terminal's 0x09 as it would send it. */
const frame = (terminal: { terminalId: string; pin: string; chipId: string }, chipId = terminal.chipId) => {
  const hex = encodeActivationRequest({
    pin: terminal.pin,
    at: Date.now(),
    serial: 42,
    chipId,
    publicKey: KEY,
    terminalId: terminal.terminalId,
  });
  if (!hex.ok) throw new Error(hex.error.message);
  return hex.value;
};

describe.skipIf(engine.skip)(`非道路国四 documents and 终端远程激活 contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    const ids = await sql<{ username: string; tenant_id: number }>`
      select username, tenant_id from account where username in ('admin', 'tenant2admin')`.execute(server.db);
    t1 = ids.rows.find((r) => r.username === "admin")?.tenant_id ?? -1;
    t2 = ids.rows.find((r) => r.username === "tenant2admin")?.tenant_id ?? -1;
  }, 120_000);
  afterAll(() => server?.stop());

  it("signs uploads only under the caller's tenant prefix, for documents and pictures, with a size cap", async () => {
    const other = await ledger.call("getTempPutUrl", {
      token: admin,
      query: { objectKey: `t${t2}-x.pdf`, contentType: "application/pdf" },
    });
    expect(other.status).toBe(400);
    expect(other.body.msg).toBe(MSG_TEMP_PUT_KEY);
    const html = await ledger.call("getTempPutUrl", {
      token: admin,
      query: { objectKey: `t${t1}-x.html`, contentType: "text/html" },
    });
    expect(html.status).toBe(400);
    const signed = await ledger.call("getTempPutUrl", {
      token: admin,
      query: { objectKey: `t${t1}-x.pdf`, contentType: "application/pdf", access: "private" },
    });
    expect(signed.body.data.url).toContain("MaxSize=20971520");
    // A private object's accessURL is a signed GET, never the bare address.
    expect(signed.body.data.accessURL).toContain("Signature=");
  });

  it("attaches a private document to a draft filing, lists it with a signed GET, removes it", async () => {
    const draft = await sql<{ chip_model: string }>`
      select chip_model from nr4_chip_filing where tenant_id = ${t1} and status = 'draft' limit 1`.execute(server.db);
    let chip = draft.rows[0]?.chip_model;
    if (!chip) {
      chip = "H1-DOC-CHIP";
      const made = await ledger.call("createChipModelFiling", {
        token: admin,
        body: { chipModel: chip, maker: "测试微电子有限公司", certNo: "SM-T-0001" },
      });
      expect(made.status).toBe(200);
    }
    const bytes = new TextEncoder().encode("%PDF-1.4 test report of the chip");
    const key = await upload(admin, t1, bytes, "application/pdf");
    const added = await ledger.call("addFilingDocument", {
      token: admin,
      body: { kind: "chipModel", key: chip, docType: "testReport", objectKey: key, fileName: "检测报告.pdf" },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.editable).toBe(true);
    const doc = added.body.data.list.find((d: { fileName: string }) => d.fileName === "检测报告.pdf");
    expect(doc).toMatchObject({ docType: "testReport", contentType: "application/pdf", size: bytes.length });
    // The signed GET reads the bytes back; the bare address does not.
    const got = await fetch(new URL(doc.url, server.url));
    expect(Buffer.from(await got.arrayBuffer())).toEqual(Buffer.from(bytes));
    expect((await fetch(new URL(`/obs/${key}`, server.url))).status).not.toBe(200);
    const listed = await ledger.call("listFilingDocuments", { token: admin, query: { kind: "chipModel", key: chip } });
    expect(listed.body.data.list.map((d: { id: number }) => d.id)).toContain(doc.id);
    // Another tenant sees neither the filing nor the document.
    expect(
      (await ledger.call("listFilingDocuments", { token: tenant2, query: { kind: "chipModel", key: chip } })).status,
    ).toBe(404);
    expect((await ledger.call("deleteFilingDocument", { token: tenant2, body: { id: doc.id } })).status).toBe(404);
    // Refused: another tenant's key, a public object, an object never uploaded.
    const refuse = async (objectKey: string, msg: string) => {
      const res = await ledger.call("addFilingDocument", {
        token: admin,
        body: { kind: "chipModel", key: chip, docType: "other", objectKey, fileName: "x.pdf" },
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    };
    const theirs = await upload(tenant2, t2, new TextEncoder().encode("%PDF their"), "application/pdf");
    await refuse(theirs, MSG_DOCUMENT_KEY);
    await refuse(
      await upload(admin, t1, new TextEncoder().encode("%PDF public"), "application/pdf", "public-read"),
      MSG_DOCUMENT_NOT_UPLOADED,
    );
    await refuse(`t${t1}-never.pdf`, MSG_DOCUMENT_NOT_UPLOADED);
    const removed = await ledger.call("deleteFilingDocument", { token: admin, body: { id: doc.id } });
    expect(removed.status).toBe(200);
    expect(removed.body.data.list.map((d: { id: number }) => d.id)).not.toContain(doc.id);
  });

  it("changes no document of a filing past 草稿 / 已驳回", async () => {
    const approved = await sql<{ chip_model: string }>`
      select chip_model from nr4_chip_filing where tenant_id = ${t1} and status = 'approved' limit 1`.execute(
      server.db,
    );
    const chip = approved.rows[0]?.chip_model as string;
    const key = await upload(admin, t1, new TextEncoder().encode("%PDF approved"), "application/pdf");
    const res = await ledger.call("addFilingDocument", {
      token: admin,
      body: { kind: "chipModel", key: chip, docType: "typeApproval", objectKey: key, fileName: "证书.pdf" },
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe("备案状态为“已通过”，附件不能增删");
    const listed = await ledger.call("listFilingDocuments", { token: admin, query: { kind: "chipModel", key: chip } });
    expect(listed.body.data).toMatchObject({ list: [], editable: false });
    expect(
      (await ledger.call("listFilingDocuments", { token: admin, query: { kind: "chipModel", key: "NOPE" } })).status,
    ).toBe(404);
    expect((await ledger.call("deleteFilingDocument", { token: admin, body: { id: 999_999 } })).status).toBe(404);
  });

  it("lists the terminals with their seeded activation states and filters by state", async () => {
    const all = await ledger.call("listTerminalActivations", { token: admin, query: { pageSize: 100 } });
    expect(all.status).toBe(200);
    const states = new Set(all.body.data.list.map((r: { state: string }) => r.state));
    expect([...states].toSorted()).toEqual(["activating", "active", "failed", "inactive"]);
    const failed = await ledger.call("listTerminalActivations", { token: admin, query: { state: "failed" } });
    expect(failed.body.data.list.length).toBeGreaterThan(0);
    for (const r of failed.body.data.list) expect(Object.values(ACTIVATION_RESULT_LABELS)).toContain(r.reason);
    expect((await ledger.call("listTerminalActivations", { token: admin, query: { state: "done" } })).status).toBe(400);
    // Tenant 2 sees its own terminals only.
    const theirs = await ledger.call("listTerminalActivations", { token: tenant2, query: { pageSize: 100 } });
    const mine = new Set(all.body.data.list.map((r: { terminalId: string }) => r.terminalId));
    for (const r of theirs.body.data.list) expect(mine.has(r.terminalId)).toBe(false);
  });

  it("activates a terminal: asked, its 0x09 judged, 0x0A answered, history kept; a wrong chip fails with the reason", async () => {
    const rows = await ledger.call("listTerminalActivations", {
      token: admin,
      query: { state: "inactive", pageSize: 100 },
    });
    const [t, u] = rows.body.data.list.filter((r: { pin: string | null }) => r.pin !== null);
    // Unasked: answered 04, the state stays 待激活.
    const unasked = await ledger.call("reportTerminalActivation", { token: admin, body: { frame: frame(t) } });
    expect(unasked.status).toBe(200);
    expect(decodeActivationAnswer(unasked.body.data.answer)).toMatchObject({
      ok: true,
      value: { result: "notRegistered" },
    });
    expect(unasked.body.data.terminal.state).toBe("inactive");
    const asked = await ledger.call("requestTerminalActivation", { token: admin, body: { terminalId: t.terminalId } });
    expect(asked.body.data.state).toBe("activating");
    expect(
      (await ledger.call("requestTerminalActivation", { token: admin, body: { terminalId: t.terminalId } })).status,
    ).toBe(409);
    const done = await ledger.call("reportTerminalActivation", { token: admin, body: { frame: frame(t) } });
    expect(done.body.data.terminal).toMatchObject({ state: "active", reason: null });
    expect(decodeActivationAnswer(done.body.data.answer)).toMatchObject({
      ok: true,
      value: { pin: t.pin, serial: 42, result: "ok" },
    });
    const history = await ledger.call("listTerminalActivationHistory", {
      token: admin,
      query: { terminalId: t.terminalId },
    });
    expect(history.body.data.slice(0, 3).map((e: { event: string }) => e.event)).toEqual([
      "answered",
      "reported",
      "requested",
    ]);
    expect(history.body.data[0].frame).toBe(done.body.data.answer);
    // A chip other than the registered one.
    await ledger.call("requestTerminalActivation", { token: admin, body: { terminalId: u.terminalId } });
    const wrong = await ledger.call("reportTerminalActivation", {
      token: admin,
      body: { frame: frame(u, "SCFFFFFFFF") },
    });
    expect(wrong.body.data.terminal).toMatchObject({ state: "failed", reason: ACTIVATION_RESULT_LABELS.chipMismatch });
    // Bad input: not a 0x09, an unknown terminal, another tenant's terminal.
    const broken = await ledger.call("reportTerminalActivation", {
      token: admin,
      body: { frame: `${frame(t).slice(0, -2)}00` },
    });
    expect(broken.status).toBe(400);
    expect(
      (await ledger.call("requestTerminalActivation", { token: admin, body: { terminalId: "NOPE" } })).status,
    ).toBe(404);
    expect(
      (await ledger.call("requestTerminalActivation", { token: tenant2, body: { terminalId: t.terminalId } })).status,
    ).toBe(404);
    expect(
      (await ledger.call("listTerminalActivationHistory", { token: tenant2, query: { terminalId: t.terminalId } }))
        .status,
    ).toBe(404);
  });

  it("through the gateway: a terminal's 0x09 over TCP activates it and is answered 0x0A; its 0x0B syncs the key; malformed frames are answered as the standard says", async () => {
    const gateway = await startGateway(server.db, { port: 0, flushMs: 20 });
    const tbox = await TestTbox.open(gateway.port);
    try {
      const rows = await ledger.call("listTerminalActivations", {
        token: admin,
        query: { state: "inactive", pageSize: 100 },
      });
      const t = rows.body.data.list.find((r: { pin: string | null }) => r.pin !== null);
      await ledger.call("requestTerminalActivation", { token: admin, body: { terminalId: t.terminalId } });
      const state = async () =>
        (
          await ledger.call("listTerminalActivations", { token: admin, query: { keyWords: t.terminalId } })
        ).body.data.list.find((r: { terminalId: string }) => r.terminalId === t.terminalId);

      // 0x09 → 0x0A 01 on the same connection; 已激活 on the screen's list.
      const activated = await tbox.send(raw(frame(t)));
      expect(activated).toMatchObject({ command: 0x0a, responseFlag: 0x01, vin: t.pin });
      expect(decodeActivationAnswer(hexOf(activated))).toMatchObject({ ok: true, value: { serial: 42, result: "ok" } });
      expect(await state()).toMatchObject({ state: "active", keyVersion: null });

      // 0x0B with a new key, version 1 → accepted; the same frame again (a replay) → refused, the key stays.
      const sync = (keyVersion: number) => {
        const hex = encodeKeySyncRequest({
          pin: t.pin,
          at: Date.now(),
          serial: 43,
          chipId: t.chipId,
          keyVersion,
          publicKey: `04${"6B".repeat(64)}`,
          terminalId: t.terminalId,
        });
        if (!hex.ok) throw new Error(hex.error.message);
        return raw(hex.value);
      };
      const synced = await tbox.send(sync(1));
      expect(synced).toMatchObject({ command: 0x0b, responseFlag: 0x01 });
      expect(decodeKeySyncAnswer(hexOf(synced))).toMatchObject({ ok: true, value: { result: "ok", keyVersion: 1 } });
      const replay = await tbox.send(sync(1));
      expect(decodeKeySyncAnswer(hexOf(replay))).toMatchObject({
        ok: true,
        value: { result: "staleVersion", keyVersion: 1 },
      });
      expect(replay.responseFlag).toBe(0x02);
      expect(await state()).toMatchObject({ state: "active", keyVersion: 1 });
      const history = await ledger.call("listTerminalActivationHistory", {
        token: admin,
        query: { terminalId: t.terminalId },
      });
      const events = history.body.data.map((e: { event: string }) => e.event);
      expect(events.slice(0, 6)).toEqual([
        "keySyncAnswered",
        "keySync",
        "keySyncAnswered",
        "keySync",
        "answered",
        "reported",
      ]);
      expect(history.body.data[0].reason).toBe(KEY_SYNC_RESULT_LABELS.staleVersion);

      // A 0x09 whose data unit is cut short: answered 0x09 with 0x06 结构错误, journaled bad-body.
      const whole = raw(frame(t));
      const cut = hexOf({
        edition: 2025,
        command: 0x09,
        responseFlag: 0xfe,
        vin: t.pin,
        encryption: 0x01,
        data: whole.subarray(24, 24 + 12),
      });
      const structure = await tbox.send(raw(cut));
      expect(structure).toMatchObject({ command: 0x09, responseFlag: 0x06 });
      // Encrypted (SM2 0x03): 0x07 解密失败.
      const sealed = await tbox.send(
        raw(
          hexOf({
            edition: 2025,
            command: 0x0b,
            responseFlag: 0xfe,
            vin: t.pin,
            encryption: 0x03,
            data: whole.subarray(24, -1),
          }),
        ),
      );
      expect(sealed).toMatchObject({ command: 0x0b, responseFlag: 0x07 });
      // A terminal no tenant holds: 0x0A 04 未登记, nothing stored for it; the connection still serves.
      const stranger = await tbox.send(raw(frame({ terminalId: "NOBODY-T0001", pin: t.pin, chipId: t.chipId })));
      expect(decodeActivationAnswer(hexOf(stranger))).toMatchObject({ ok: true, value: { result: "notRegistered" } });
      expect(tbox.closed).toBe(false);
      const journal = await sql<{ status: string; reason: string | null }>`
        select status, reason from gateway_frame where vin = ${t.pin} and command in (9, 11) order by id`.execute(
        server.db,
      );
      expect(journal.rows.map((r) => r.status)).toEqual(["ok", "ok", "ok", "bad-body", "encrypted", "ok"]);
      expect(journal.rows[2]?.reason).toBe(KEY_SYNC_RESULT_LABELS.staleVersion);
      expect(journal.rows[5]?.reason).toContain("NOBODY-T0001");
    } finally {
      tbox.end();
      await gateway.close();
    }
  });

  it("refuses a terminal bound to no machine", async () => {
    const stock = await sql<{ terminal_id: string }>`
      select terminal_id from bss_black_box where tenant_id = ${t1} and machinery_pin is null limit 1`.execute(
      server.db,
    );
    const id = stock.rows[0]?.terminal_id as string;
    const res = await ledger.call("requestTerminalActivation", { token: admin, body: { terminalId: id } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe("该终端未绑定机械，不能激活");
  });

  it("exports the terminals of a filter as an export task", async () => {
    const listed = await ledger.call("listTerminalActivations", {
      token: admin,
      query: { state: "active", pageSize: 100 },
    });
    const exp = await ledger.call("exportTerminalActivations", { token: admin, query: { state: "active" } });
    expect(exp.status).toBe(200);
    expect((await ledger.call("exportTerminalActivations", { token: admin, query: { state: "x" } })).status).toBe(400);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.[0]).toBe("终端编号");
    expect(rows).toHaveLength(1 + listed.body.data.total);
    expect(rows.slice(1).every((r) => r[5] === "已激活")).toBe(true);
  });

  it("checks the SM2 signature of an activated machine's HJ 1322 frames: good kept, a flipped byte flagged and trusted for nothing, no key → unchecked", async () => {
    // A machine of 机械信息 with exactly one supervision terminal, activated here with a key made here.
    const pick = await sql<{ pin: string; terminal_id: string; tenant_id: number }>`
      select b.machinery_pin as pin, b.terminal_id, b.tenant_id from bss_black_box b
      where b.machinery_pin in (select m.vin from bss_machinery_info m)
        and not exists (select 1 from vehicle v where v.vin = b.machinery_pin)
        and (select count(*) from bss_black_box o where o.machinery_pin = b.machinery_pin) = 1
      order by b.machinery_pin limit 2`.execute(server.db);
    const [signedBy, keyless] = pick.rows;
    if (!signedBy || !keyless) throw new Error("the seed has no two machines with one terminal each");
    const keys = sm2.generateKeyPairHex();
    await sql`insert into nr4_activation (tenant_id, terminal_id, state, public_key)
      values (${signedBy.tenant_id}, ${signedBy.terminal_id}, 'active', ${keys.publicKey})
      on conflict (tenant_id, terminal_id) do update set state = 'active', public_key = excluded.public_key`.execute(
      server.db,
    );
    await sql`update nr4_activation set state = 'inactive', public_key = null
      where terminal_id = ${keyless.terminal_id}`.execute(server.db);
    /** A real-time unit signed as HJ 1322 says: R (32) and S (32), each with a length byte, after the items. */
    const signedUnit = (pin: string, serial: number, tamper: boolean) => {
      const unsigned = decodeHj1239Frame(
        mustBytes(encodeHj1239Realtime({ vin: pin, softwareVersion: 3 }, { time: Date.now(), serial, items: [] })),
      );
      if (!unsigned.ok) throw new Error(unsigned.error.message);
      const data = unsigned.value.data;
      const rs = sm2.doSignature(data, keys.privateKey, { hash: true, publicKey: keys.publicKey });
      const signedData = Uint8Array.of(...data, 32, ...raw(rs.slice(0, 64)), 32, ...raw(rs.slice(64)));
      if (tamper) signedData[2] = (signedData[2] as number) ^ 0x01;
      return mustBytes(encodeHj1239Frame({ ...unsigned.value, data: signedData }));
    };
    const gateway = await startGateway(server.db, { port: 0, hj1239Port: 0, flushMs: 20 });
    const a = await TestHj1239Terminal.open(gateway.hj1239Port as number);
    const b = await TestHj1239Terminal.open(gateway.hj1239Port as number);
    try {
      const login = (pin: string) =>
        mustBytes(
          encodeHj1239Login(
            { vin: pin, softwareVersion: 3 },
            { time: Date.now(), serial: 1, iccid: "89860000000000001322" },
          ),
        );
      expect((await a.send(login(signedBy.pin)))?.command).toBe(1);
      // A flipped data byte: not answered; then the good one is (frames of a connection are handled in order).
      await a.write(signedUnit(signedBy.pin, 2, true));
      expect((await a.send(signedUnit(signedBy.pin, 3, false)))?.command).toBe(2);
      // The keyless machine signs with some key: accepted, unchecked.
      expect((await b.send(login(keyless.pin)))?.command).toBe(1);
      expect((await b.send(signedUnit(keyless.pin, 2, false)))?.command).toBe(2);
      let rows: { status: string; reason: string | null }[] = [];
      for (let i = 0; i < 100 && rows.length < 2; i++) {
        rows = (await frames(signedBy.pin).execute(server.db)).rows;
        if (rows.length < 2) await new Promise((r) => setTimeout(r, 50));
      }
      expect(rows.map((r) => [r.status, r.reason])).toEqual([
        ["bad-body", BAD_SIGNATURE],
        ["ok", "SM2签名有效"],
      ]);
      let other: { status: string; reason: string | null }[] = [];
      for (let i = 0; i < 100 && other.length < 1; i++) {
        other = (await frames(keyless.pin).execute(server.db)).rows;
        if (other.length < 1) await new Promise((r) => setTimeout(r, 50));
      }
      expect(other.map((r) => [r.status, r.reason])).toEqual([["ok", "SM2签名未校验：终端未激活，无公钥"]]);
    } finally {
      a.end();
      b.end();
      await gateway.close();
    }
  });

  it("covers every operation it owns with good and bad input", () => {
    ledger.expectCovered(NOT_ROAD_FOUR_ACTIVATION_OPS);
  });
});
