import {
  MSG_REALNAME_ALREADY_APPROVED,
  MSG_REALNAME_ALREADY_PENDING,
  MSG_REALNAME_CREDIT_CHECK,
  MSG_REALNAME_ID_CARD,
  MSG_REALNAME_OWN_SUBMISSION,
  MSG_REALNAME_REASON_REQUIRED,
  msgRealnameNotPending,
} from "@tsp/domain";
import { uploadSigned } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { type Called, operation, sdkFor, signIn } from "./support/contract";
import { REALNAME_OPS } from "./support/owners";

/**
 * Contract of real-name authentication (/auth/index): the list, the detail with signed photo
 * links and history, submit (individual and company, photos uploaded as private objects) and
 * review (approve, reject with a reason) — the states 未认证 → 审核中 → 已认证 / 已驳回 and
 * their 409s, the review's own permission (the operator gets 403), tenant isolation, and
 * nothing written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);

/** Valid numbers: a resident ID (GB 11643) and a credit code (GB 32100). */
const ID_NO = "110101199003070011";
const CREDIT = "91440300708461136T";
/** An 8-byte PNG signature is enough: the store keeps the content type the URL was signed for. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

interface Row {
  vin: string;
  iccid: string;
  status: string;
  ownerName: string | null;
  ownerType: string | null;
}

async function rows(token: string, query: Record<string, unknown> = {}): Promise<Row[]> {
  return (await ledger.call("getRealnameVinList", { token, query: { pageSize: 100, ...query } })).body.data.list;
}

/** Uploads a photo through the real-name signing call, as the console does (private object). */
async function upload(
  token: string,
  objectKey: string,
  contentType = "image/png",
  signer = "getRealNamedFileUploadSigned",
) {
  const sdk = sdkFor(server.url);
  sdk.tokens.set(token);
  await uploadSigned({
    sdk,
    sign: async () => (await ledger.call(signer, { token, body: { objectKey, contentType } })).body.data,
    file: PNG,
    contentType,
    transport: "fetch",
  });
  return objectKey;
}

async function personPhotos(token: string, tag: string) {
  return [
    { kind: "idFront", objectKey: await upload(token, `rn-${tag}-front.png`) },
    { kind: "idBack", objectKey: await upload(token, `rn-${tag}-back.png`) },
    { kind: "holder", objectKey: await upload(token, `rn-${tag}-holder.png`) },
  ];
}

describe.skipIf(engine.skip)(`real-name authentication contract (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
  /** Runs a refused request and proves it wrote nothing. */
  const refused = async (run: () => Promise<Called>) => {
    const before = await snapshot();
    const answer = await run();
    expect(differences(before, await snapshot())).toEqual([]);
    return answer;
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 10, journalPerVehicle: 2 } } });
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every real-name operation", async () => {
    expect(REALNAME_OPS).toHaveLength(4);
    for (const id of REALNAME_OPS) {
      const op = operation(id);
      const init = op.method === "post" ? { body: { iccid: "89860324472012345675" } } : { query: { iccid: "1" } };
      expect((await ledger.call(id, init)).status, id).toBe(401);
    }
  });

  it("seeds records in every state, masked in the list, with history and signed private photos", async () => {
    const all = await rows(admin);
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(["unauthenticated", "pending", "approved", "rejected"]));
    for (const r of all.filter((x) => x.ownerType === "person"))
      expect(r.ownerName).toMatch(/^\p{Script=Han}{1,2}\*$/u);
    const rejected = all.find((r) => r.status === "rejected") as Row;
    const detail = (await ledger.call("getRealnameDetail", { token: admin, query: { iccid: rejected.iccid } })).body
      .data;
    expect(detail).toMatchObject({ status: "rejected", vin: rejected.vin, reviewName: "系统管理员" });
    expect(detail.rejectReason).toBeTruthy();
    expect(detail.history[0]).toMatchObject({ action: "reject", reason: detail.rejectReason, operator: "admin" });
    expect(detail.history.at(-1).action).toBe("submit");
    expect(detail.photos.length).toBeGreaterThan(0);
    // Private: the signed link opens for 5 minutes; the plain address is refused.
    const photo = detail.photos[0].url as string;
    expect(detail.photosExpireAt - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000 + 1000);
    const got = await fetch(new URL(photo, server.url));
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect((await fetch(new URL(photo.split("?")[0] as string, server.url))).status).toBe(403);
    // The full ID number only for the reviewer; the operator sees it masked.
    const person = all.find((r) => r.ownerType === "person" && r.status !== "unauthenticated") as Row;
    const full = (await ledger.call("getRealnameDetail", { token: admin, query: { iccid: person.iccid } })).body.data;
    const masked = (await ledger.call("getRealnameDetail", { token: operator, query: { iccid: person.iccid } })).body
      .data;
    expect(full.certNo).toMatch(/^\d{17}[\dX]$/);
    expect(masked.certNo).toBe(`${full.certNo.slice(0, 6)}********${full.certNo.slice(-4)}`);
    // A card without a record: 未认证, nothing else.
    const none = all.find((r) => r.status === "unauthenticated") as Row;
    const empty = (await ledger.call("getRealnameDetail", { token: admin, query: { iccid: none.iccid } })).body.data;
    expect(empty).toMatchObject({ status: "unauthenticated", ownerName: null, photos: [], history: [] });
  });

  it("submits as the operator, refuses a second submission (409), lets only the reviewer reject and approve", async () => {
    const card = (await rows(admin, { status: "unauthenticated" }))[0] as Row;
    const photos = await personPhotos(operator, "a");
    const material = {
      iccid: card.iccid,
      ownerType: "person",
      ownerName: "张伟",
      certNo: ID_NO,
      contactPhone: "13800138000",
      photos,
    };
    const submitted = await ledger.call("submitRealname", { token: operator, body: material });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: "pending", submitName: "运营专员", ownerName: "张伟" });
    expect(submitted.body.data.history.map((e: { action: string }) => e.action)).toEqual(["submit"]);
    // One source of truth: the SIM card register reads the same state.
    const sim = await ledger.call("getSimCard", { token: admin, query: { iccid: card.iccid } });
    expect(sim.body.data.realnameStatus).toBe("pending");
    expect((await rows(admin, { vin: card.vin }))[0]?.status).toBe("pending");

    const again = await refused(() => ledger.call("submitRealname", { token: operator, body: material }));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MSG_REALNAME_ALREADY_PENDING);

    // Reviewing is its own permission: the operator has none.
    const notReviewer = await refused(() =>
      ledger.call("reviewRealname", { token: operator, body: { iccid: card.iccid, decision: "approve" } }),
    );
    expect(notReviewer.status).toBe(403);
    const noReason = await refused(() =>
      ledger.call("reviewRealname", { token: admin, body: { iccid: card.iccid, decision: "reject", reason: "  " } }),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.failDetail).toEqual([{ field: "reason", msg: MSG_REALNAME_REASON_REQUIRED }]);

    const rejected = await ledger.call("reviewRealname", {
      token: admin,
      body: { iccid: card.iccid, decision: "reject", reason: "手持身份证照片不清晰" },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: "rejected",
      rejectReason: "手持身份证照片不清晰",
      reviewName: "系统管理员",
    });
    expect(rejected.body.data.reviewTime).toBeGreaterThan(0);
    const twice = await refused(() =>
      ledger.call("reviewRealname", { token: admin, body: { iccid: card.iccid, decision: "approve" } }),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(msgRealnameNotPending("rejected"));

    // Resubmitted after the rejection — now as a company — then approved.
    const licence = [{ kind: "licence", objectKey: await upload(operator, "rn-a-licence.png") }];
    const company = { ...material, ownerType: "company", ownerName: "深圳市鹏程出行服务有限公司", photos: licence };
    const badCode = await refused(() =>
      ledger.call("submitRealname", { token: operator, body: { ...company, certNo: "91440300708461136X" } }),
    );
    expect(badCode.status).toBe(400);
    expect(badCode.body.data.failDetail).toEqual([{ field: "certNo", msg: MSG_REALNAME_CREDIT_CHECK }]);
    const resubmitted = await ledger.call("submitRealname", { token: operator, body: { ...company, certNo: CREDIT } });
    expect(resubmitted.body.data).toMatchObject({ status: "pending", rejectReason: null, reviewName: null });
    const approved = await ledger.call("reviewRealname", {
      token: admin,
      body: { iccid: card.iccid, decision: "approve", reason: "ignored" },
    });
    expect(approved.body.data).toMatchObject({ status: "approved", rejectReason: null, certNo: CREDIT });
    expect(approved.body.data.history.map((e: { action: string }) => e.action)).toEqual([
      "approve",
      "submit",
      "reject",
      "submit",
    ]);
    expect(approved.body.data.photos.map((p: { kind: string }) => p.kind)).toEqual(["licence"]);
    const done = await refused(() =>
      ledger.call("submitRealname", { token: operator, body: { ...company, certNo: CREDIT } }),
    );
    expect(done.status).toBe(409);
    expect(done.body.msg).toBe(MSG_REALNAME_ALREADY_APPROVED);
  });

  it("refuses bad material with the field of each reason, and a review of one's own submission, writing nothing", async () => {
    const card = (await rows(admin, { status: "unauthenticated" }))[0] as Row;
    const photos = await personPhotos(admin, "b");
    const base = {
      iccid: card.iccid,
      ownerType: "person",
      ownerName: "李娜",
      certNo: ID_NO,
      contactPhone: "010-12345678",
      photos,
    };
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ certNo: "110101199003070012" }, "certNo", MSG_REALNAME_ID_CARD],
      [{ photos: photos.slice(0, 2) }, "photos", "请上传手持身份证照片"],
      [
        { photos: [...photos.slice(0, 2), { kind: "holder", objectKey: "never-uploaded.png" }] },
        "photos",
        "手持身份证照片未上传或已失效，请重新上传",
      ],
      [{ contactPhone: "12345" }, "contactPhone", /联系电话/],
    ];
    for (const [change, field, msg] of cases) {
      const answer = await refused(() => ledger.call("submitRealname", { token: admin, body: { ...base, ...change } }));
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.data.failDetail[0].field).toBe(field);
      expect(answer.body.data.failDetail[0].msg).toMatch(msg);
    }
    // A photo uploaded public-read (the common signing call) is not real-name material.
    const open = await upload(admin, "rn-b-public.png", "image/png", "getCommonFileUploadSigned");
    const publicPhoto = await refused(() =>
      ledger.call("submitRealname", {
        token: admin,
        body: { ...base, photos: [...photos.slice(0, 2), { kind: "holder", objectKey: open }] },
      }),
    );
    expect(publicPhoto.status).toBe(400);
    // Schema: an unknown owner type, a missing field, an unknown card.
    expect(
      (await refused(() => ledger.call("submitRealname", { token: admin, body: { ...base, ownerType: "robot" } })))
        .status,
    ).toBe(400);
    const { certNo: _, ...missing } = base;
    expect((await refused(() => ledger.call("submitRealname", { token: admin, body: missing }))).status).toBe(400);
    expect(
      (
        await refused(() =>
          ledger.call("submitRealname", { token: admin, body: { ...base, iccid: "89860000000000000000" } }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await ledger.call("getRealnameDetail", { token: admin, query: { iccid: "89860000000000000000" } })).status,
    ).toBe(404);
    expect((await ledger.call("getRealnameDetail", { token: admin, query: { iccid: "x!" } })).status).toBe(400);
    expect(
      (
        await refused(() =>
          ledger.call("reviewRealname", { token: admin, body: { iccid: card.iccid, decision: "maybe" } }),
        )
      ).status,
    ).toBe(400);
    // Four-eyes: whoever submitted does not review, whatever permissions the account has.
    expect((await ledger.call("submitRealname", { token: admin, body: base })).status).toBe(200);
    const own = await refused(() =>
      ledger.call("reviewRealname", { token: admin, body: { iccid: card.iccid, decision: "approve" } }),
    );
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(MSG_REALNAME_OWN_SUBMISSION);
    const other = (await rows(admin, { status: "unauthenticated" }))[0] as Row;
    const notPending = await refused(() =>
      ledger.call("reviewRealname", { token: admin, body: { iccid: other.iccid, decision: "approve" } }),
    );
    expect(notPending.status).toBe(409);
    expect(notPending.body.msg).toBe(msgRealnameNotPending("unauthenticated"));
  });

  it("keeps tenants apart: another tenant's cards are absent from its list and answer 404, nothing written", async () => {
    const mine = await rows(admin);
    const theirs = await rows(tenant2);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((r) => mine.some((m) => m.iccid === r.iccid))).toBe(false);
    const pending = mine.find((r) => r.status === "pending") as Row;
    expect((await ledger.call("getRealnameDetail", { token: tenant2, query: { iccid: pending.iccid } })).status).toBe(
      404,
    );
    const photos = await personPhotos(tenant2, "c");
    const submit = await refused(() =>
      ledger.call("submitRealname", {
        token: tenant2,
        body: {
          iccid: pending.iccid,
          ownerType: "person",
          ownerName: "王芳",
          certNo: ID_NO,
          contactPhone: "13900139000",
          photos,
        },
      }),
    );
    expect(submit.status).toBe(404);
    const review = await refused(() =>
      ledger.call("reviewRealname", { token: tenant2, body: { iccid: pending.iccid, decision: "approve" } }),
    );
    expect(review.status).toBe(404);
    expect(
      (await ledger.call("getRealnameDetail", { token: admin, query: { iccid: pending.iccid } })).body.data.status,
    ).toBe("pending");
  });

  it("proves every real-name operation was called with good and bad input", () => {
    ledger.expectCovered(REALNAME_OPS);
  });
});
