import {
  MSG_CONTENT_DELETE_NOT_DRAFT,
  MSG_CONTENT_EDIT_PUBLISHED,
  MSG_CONTENT_MODEL_UNKNOWN,
  MSG_CONTENT_NOT_FOUND,
  MSG_CONTENT_OFFLINE_STATE,
  MSG_CONTENT_STALE,
  MSG_CONTENT_TITLE,
  MSG_CONTENT_WINDOW,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { operation, signIn } from "./support/contract";
import { DATA_SERVICE_CONTENT_OPS } from "./support/owners";

/**
 * Contract of 车载内容管理 (/dataService/content): list with search, detail with the sanitised
 * body, create (a draft), edit with optimistic concurrency (draft or taken down only),
 * publish and take-down, delete of a draft, export task, tenant isolation — and a stored XSS
 * attempt coming back inert.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);
type Item = Record<string, unknown> & { contentId: number; updatedAt: number; state: string };

const XSS =
  '<h2>通知</h2><p onclick="alert(1)" style="color:red">正文<img src=x onerror=alert(1)></p>' +
  '<script>alert("x")</script><a href="javascript:alert(1)">坏链接</a> <a href="https://example.com/a" target="_blank">好链接</a>' +
  '<img src="/obs/content/a.png"><img src="data:image/png;base64,AAAA"><iframe src="https://evil"></iframe>' +
  "<table><tr><td>1</td></tr></table><ul><li><u>下划线</u></li></ul>";
const good = (over: Record<string, unknown> = {}) => ({
  title: "测试公告",
  contentType: "notice",
  modelIds: [1111],
  publishFrom: 1_763_856_000_000,
  publishTo: null,
  body: "<p>测试正文</p>",
  ...over,
});

async function all(token = admin, query: Record<string, unknown> = {}): Promise<Item[]> {
  return (await ledger.call("listContents", { token, query: { pageSize: 100, ...query } })).body.data.list;
}

describe.skipIf(engine.skip)(`data-service content contract (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } } });
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    for (const id of DATA_SERVICE_CONTENT_OPS) {
      const op = operation(id);
      expect((await ledger.call(id, op.method === "post" && op.requestBody ? { body: {} } : {})).status, id).toBe(401);
    }
  });

  it("lists the tenant's items newest first and searches by title, type, state and model", async () => {
    const mine = await all();
    expect(mine.length).toBe(4);
    const times = mine.map((r) => r.updatedAt);
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    expect(mine.every((r) => !("body" in r))).toBe(true);
    expect((await all(tenant2)).map((r) => r.title)).toEqual(["隔离租户保养提醒"]);
    expect((await all(admin, { title: "保养" })).map((r) => r.title)).toEqual(["冬季用车保养提醒"]);
    expect((await all(admin, { contentType: "event" })).map((r) => r.state)).toEqual(["draft"]);
    expect((await all(admin, { state: "published" })).length).toBe(2);
    const byModel = await all(admin, { modelId: 3111 });
    expect(byModel.map((r) => r.modelNames)).toEqual([["宏光MINIEV 马卡龙 215km"]]);
    expect((await ledger.call("listContents", { token: admin, query: { state: "gone" } })).status).toBe(400);
  });

  it("reads one item with its body; another tenant's reads as absent", async () => {
    const [first] = await all();
    const one = await ledger.call("getContent", { token: admin, query: { contentId: first?.contentId } });
    expect(one.body.data).toMatchObject(first as Item);
    expect(String(one.body.data.body)).toContain("<");
    const absent = await ledger.call("getContent", { token: tenant2, query: { contentId: first?.contentId } });
    expect(absent.status).toBe(404);
    expect(absent.body.msg).toBe(MSG_CONTENT_NOT_FOUND);
    expect((await ledger.call("getContent", { token: admin, query: { contentId: "x" } })).status).toBe(400);
  });

  it("stores a draft with the XSS attempt made inert, and refuses bad input writing nothing", async () => {
    const before = await snapshot();
    const bad = await ledger.call("createContent", { token: admin, body: good({ title: " " }) });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(MSG_CONTENT_TITLE);
    const window = await ledger.call("createContent", { token: admin, body: good({ publishTo: 1_763_856_000_000 }) });
    expect(window.body.msg).toBe(MSG_CONTENT_WINDOW);
    const model = await ledger.call("createContent", { token: admin, body: good({ modelIds: [999_999] }) });
    expect(model.status).toBe(400);
    expect(model.body.msg).toBe(MSG_CONTENT_MODEL_UNKNOWN);
    const onlyScript = await ledger.call("createContent", {
      token: admin,
      body: good({ body: "<script>alert(1)</script>" }),
    });
    expect(onlyScript.status).toBe(400);
    expect(differences(before, await snapshot())).toEqual([]);

    const made = await ledger.call("createContent", { token: admin, body: good({ body: XSS }) });
    expect(made.status).toBe(200);
    const item = made.body.data as Item & { body: string };
    expect(item.state).toBe("draft");
    const body = item.body;
    for (const tag of ["<script", "onerror", "onclick", "javascript:", "style=", "<iframe", "data:image", 'src="x"'])
      expect(body, tag).not.toContain(tag);
    expect(body).toContain('<a href="https://example.com/a" rel="noopener noreferrer">好链接</a>');
    expect(body).toContain('<img src="/obs/content/a.png" />');
    expect(body).toContain("<table>");
    expect(body).toContain("<u>下划线</u>");
    expect(body).toContain("<h2>通知</h2>");
    const read = await ledger.call("getContent", { token: admin, query: { contentId: item.contentId } });
    expect(read.body.data.body).toBe(body);
  });

  it("edits under optimistic concurrency, publishes, refuses edits while published, takes down, deletes drafts only", async () => {
    const made = (await ledger.call("createContent", { token: admin, body: good({ title: "流程测试" }) })).body
      .data as Item;
    const edited = await ledger.call("updateContent", {
      token: admin,
      body: {
        ...good({ title: "流程测试2", contentType: "news" }),
        contentId: made.contentId,
        updatedAt: made.updatedAt,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.title).toBe("流程测试2");
    const stale = await ledger.call("updateContent", {
      token: admin,
      body: { ...good(), contentId: made.contentId, updatedAt: made.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(MSG_CONTENT_STALE);
    const v1 = edited.body.data as Item;
    expect(
      (
        await ledger.call("publishContent", {
          token: tenant2,
          body: { contentId: v1.contentId, updatedAt: v1.updatedAt },
        })
      ).status,
    ).toBe(404);
    const published = await ledger.call("publishContent", {
      token: admin,
      body: { contentId: v1.contentId, updatedAt: v1.updatedAt },
    });
    expect(published.status).toBe(200);
    const v2 = published.body.data as Item;
    expect(v2.state).toBe("published");
    const locked = await ledger.call("updateContent", {
      token: admin,
      body: { ...good(), contentId: v2.contentId, updatedAt: v2.updatedAt },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.msg).toBe(MSG_CONTENT_EDIT_PUBLISHED);
    const del = await ledger.call("deleteContent", { token: admin, query: { contentId: v2.contentId } });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe(MSG_CONTENT_DELETE_NOT_DRAFT);
    const off = await ledger.call("offlineContent", {
      token: admin,
      body: { contentId: v2.contentId, updatedAt: v2.updatedAt },
    });
    expect(off.status).toBe(200);
    const v3 = off.body.data as Item;
    expect(v3.state).toBe("offline");
    const again = await ledger.call("offlineContent", {
      token: admin,
      body: { contentId: v3.contentId, updatedAt: v3.updatedAt },
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MSG_CONTENT_OFFLINE_STATE);
    expect((await ledger.call("publishContent", { token: admin, body: { contentId: "x" } })).status).toBe(400);
    expect((await ledger.call("offlineContent", { token: admin, body: {} })).status).toBe(400);

    const draft = (await ledger.call("createContent", { token: admin, body: good({ title: "待删除" }) })).body
      .data as Item;
    expect((await ledger.call("deleteContent", { token: admin, query: { contentId: draft.contentId } })).status).toBe(
      200,
    );
    expect((await ledger.call("deleteContent", { token: admin, query: { contentId: draft.contentId } })).status).toBe(
      404,
    );
    expect((await ledger.call("updateContent", { token: admin, body: { contentId: 1 } })).status).toBe(400);
  });

  it("submits an export task", async () => {
    const res = await ledger.call("exportContents", { token: admin, query: { state: "published" } });
    expect(res.status).toBe(200);
    expect((await ledger.call("exportContents", { token: admin, query: { contentType: "ad" } })).status).toBe(400);
  });

  it("called every operation with good and bad input", () => {
    ledger.expectCovered(DATA_SERVICE_CONTENT_OPS);
  });
});
