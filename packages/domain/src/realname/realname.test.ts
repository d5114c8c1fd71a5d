import { describe, expect, it } from "vitest";
import {
  checkRealnameReview,
  checkRealnameSubmit,
  MSG_REALNAME_ALREADY_APPROVED,
  MSG_REALNAME_ALREADY_PENDING,
  MSG_REALNAME_COMPANY_NAME,
  MSG_REALNAME_CREDIT_CHECK,
  MSG_REALNAME_CREDIT_LENGTH,
  MSG_REALNAME_DECISION,
  MSG_REALNAME_ID_CARD,
  MSG_REALNAME_NOT_A_RECORD,
  MSG_REALNAME_OWN_SUBMISSION,
  MSG_REALNAME_OWNER_TYPE,
  MSG_REALNAME_PERSON_NAME,
  MSG_REALNAME_PHONE,
  MSG_REALNAME_PHOTO_KEY,
  MSG_REALNAME_REASON_REQUIRED,
  MSG_REALNAME_REASON_TOO_LONG,
  maskRealnameCertNo,
  maskRealnameOwner,
  REALNAME_PHOTOS_OF,
  REALNAME_STATE_LABELS,
  REALNAME_STATES,
  realnameReviewRefusal,
  realnameSelfReviewRefusal,
  realnameStateAfter,
  realnameSubmitRefusal,
} from "./index";

const ICCID = "89860324472012345675";
/** A valid resident ID (GB 11643 check character 6) and credit code (GB 32100 check character T). */
const ID = "110101199003070011";
const CREDIT = "91440300708461136T";
const photos = (kinds: readonly string[]) => kinds.map((kind, i) => ({ kind, objectKey: `${i}${kind}.jpg` }));
const person = (over: Record<string, unknown> = {}) => ({
  iccid: ICCID,
  ownerType: "person",
  ownerName: "张伟",
  certNo: ID,
  contactPhone: "13800138000",
  photos: photos(REALNAME_PHOTOS_OF.person),
  ...over,
});
const company = (over: Record<string, unknown> = {}) => ({
  iccid: ICCID,
  ownerType: "company",
  ownerName: "深圳市鹏程出行服务有限公司",
  certNo: CREDIT,
  contactPhone: "0755-86001234",
  photos: photos(["licence"]),
  ...over,
});
const problems = (input: unknown) => {
  const r = checkRealnameSubmit(input);
  return r.ok ? [] : r.error;
};

describe("real-name submission (individual: ID card; company: credit code and licence)", () => {
  it("accepts an individual and a company, trimmed, letters of the numbers as capitals", () => {
    const p = checkRealnameSubmit(person({ ownerName: " 阿依古丽·买买提 ", certNo: " 110101199003070011" }));
    expect(p).toEqual({ ok: true, value: expect.objectContaining({ ownerName: "阿依古丽·买买提", certNo: ID }) });
    const lowerX = checkRealnameSubmit(person({ certNo: "11010519491231002x" }));
    expect(lowerX.ok && lowerX.value.certNo).toBe("11010519491231002X");
    const c = checkRealnameSubmit(company({ certNo: CREDIT.toLowerCase() }));
    expect(c.ok && c.value.certNo).toBe(CREDIT);
  });

  it("refuses an ID number with a wrong check character, and a credit code of the wrong length or check", () => {
    expect(problems(person({ certNo: "110101199003070017" }))).toEqual([
      { field: "certNo", msg: MSG_REALNAME_ID_CARD },
    ]);
    expect(problems(person({ certNo: " " }))).toEqual([{ field: "certNo", msg: MSG_REALNAME_ID_CARD }]);
    expect(problems(company({ certNo: "9144030070846113" }))).toEqual([
      { field: "certNo", msg: MSG_REALNAME_CREDIT_LENGTH },
    ]);
    expect(problems(company({ certNo: "91440300708461136X" }))).toEqual([
      { field: "certNo", msg: MSG_REALNAME_CREDIT_CHECK },
    ]);
    // An ID number is not a credit code: the owner type decides which rule applies.
    expect(problems(company({ certNo: ID }))).toEqual([{ field: "certNo", msg: MSG_REALNAME_CREDIT_CHECK }]);
  });

  it("checks names per owner type and the contact phone (mobile or landline)", () => {
    expect(problems(person({ ownerName: "张" }))).toEqual([{ field: "ownerName", msg: MSG_REALNAME_PERSON_NAME }]);
    expect(problems(person({ ownerName: "张伟2" }))).toEqual([{ field: "ownerName", msg: MSG_REALNAME_PERSON_NAME }]);
    expect(problems(company({ ownerName: "鹏" }))).toEqual([{ field: "ownerName", msg: MSG_REALNAME_COMPANY_NAME }]);
    expect(problems(company({ ownerName: "鹏".repeat(101) }))).toEqual([
      { field: "ownerName", msg: MSG_REALNAME_COMPANY_NAME },
    ]);
    expect(problems(person({ contactPhone: "2380013800" }))).toEqual([
      { field: "contactPhone", msg: MSG_REALNAME_PHONE },
    ]);
    expect(problems(person({ contactPhone: "" }))).toEqual([{ field: "contactPhone", msg: MSG_REALNAME_PHONE }]);
  });

  it("wants exactly the photos of the owner type, one of each", () => {
    expect(problems(person({ photos: photos(["idFront", "holder"]) }))).toEqual([
      { field: "photos", msg: "请上传身份证国徽面" },
    ]);
    expect(problems(person({ photos: [] })).map((p) => p.msg)).toEqual([
      "请上传身份证人像面",
      "请上传身份证国徽面",
      "请上传手持身份证照片",
    ]);
    expect(problems(person({ photos: photos(["idFront", "idBack", "holder", "idFront"]) }))).toEqual([
      { field: "photos", msg: "身份证人像面只能上传一张，且须与认证类型相符" },
    ]);
    expect(problems(company({ photos: photos(["licence", "idFront"]) }))).toEqual([
      { field: "photos", msg: "身份证人像面只能上传一张，且须与认证类型相符" },
    ]);
    expect(problems(company({ photos: "x" }))).toEqual([{ field: "photos", msg: "请上传营业执照" }]);
    expect(problems(company({ photos: [{ kind: "licence", objectKey: "" }] }))).toEqual([
      { field: "photos", msg: MSG_REALNAME_PHOTO_KEY },
    ]);
    expect(problems(company({ photos: [{ kind: "passport", objectKey: "a.jpg" }] })).map((p) => p.msg)).toContain(
      MSG_REALNAME_PHOTO_KEY,
    );
  });

  it("names the owner type when it is missing, and refuses what is not a record", () => {
    expect(problems(person({ ownerType: "robot" }))).toEqual([{ field: "ownerType", msg: MSG_REALNAME_OWNER_TYPE }]);
    expect(problems(null)).toEqual([{ field: "", msg: MSG_REALNAME_NOT_A_RECORD }]);
    expect(problems("x")).toEqual([{ field: "", msg: MSG_REALNAME_NOT_A_RECORD }]);
  });
});

describe("real-name review", () => {
  it("approves without a reason (a sent one is dropped) and rejects with one", () => {
    expect(checkRealnameReview({ iccid: ICCID, decision: "approve", reason: "好" })).toEqual({
      ok: true,
      value: { iccid: ICCID, decision: "approve", reason: null },
    });
    expect(checkRealnameReview({ iccid: ICCID, decision: "approve" })).toEqual({
      ok: true,
      value: { iccid: ICCID, decision: "approve", reason: null },
    });
    expect(checkRealnameReview({ iccid: ICCID, decision: "reject", reason: " 照片模糊 " })).toEqual({
      ok: true,
      value: { iccid: ICCID, decision: "reject", reason: "照片模糊" },
    });
  });

  it("requires a reason to reject, at most 200 characters, and a decision", () => {
    for (const reason of [undefined, null, "", "   "]) {
      expect(checkRealnameReview({ iccid: ICCID, decision: "reject", reason })).toEqual({
        ok: false,
        error: [{ field: "reason", msg: MSG_REALNAME_REASON_REQUIRED }],
      });
    }
    expect(checkRealnameReview({ iccid: ICCID, decision: "reject", reason: "因".repeat(201) })).toEqual({
      ok: false,
      error: [{ field: "reason", msg: MSG_REALNAME_REASON_TOO_LONG }],
    });
    expect(checkRealnameReview({ iccid: ICCID, decision: "maybe" })).toEqual({
      ok: false,
      error: [{ field: "decision", msg: MSG_REALNAME_DECISION }],
    });
    expect(checkRealnameReview(undefined)).toMatchObject({ ok: false, error: [{ field: "" }] });
  });
});

describe("real-name states", () => {
  it("lets new and rejected cards be submitted, refusing cards under review or authenticated (409)", () => {
    expect(realnameSubmitRefusal("unauthenticated")).toBeNull();
    expect(realnameSubmitRefusal("rejected")).toBeNull();
    expect(realnameSubmitRefusal("pending")).toBe(MSG_REALNAME_ALREADY_PENDING);
    expect(realnameSubmitRefusal("approved")).toBe(MSG_REALNAME_ALREADY_APPROVED);
  });

  it("reviews only cards under review, naming the state otherwise, and never one's own submission", () => {
    expect(realnameReviewRefusal("pending")).toBeNull();
    for (const state of REALNAME_STATES.filter((s) => s !== "pending"))
      expect(realnameReviewRefusal(state)).toBe(
        `该卡的实名认证状态为${REALNAME_STATE_LABELS[state]}，只有审核中的资料可以审核`,
      );
    expect(realnameSelfReviewRefusal("operator", "admin")).toBeNull();
    expect(realnameSelfReviewRefusal(null, "admin")).toBeNull();
    expect(realnameSelfReviewRefusal("admin", "admin")).toBe(MSG_REALNAME_OWN_SUBMISSION);
    expect(realnameStateAfter("approve")).toBe("approved");
    expect(realnameStateAfter("reject")).toBe("rejected");
  });

  it("masks an individual's name and ID number, never a company's", () => {
    expect(maskRealnameOwner("张伟", "person")).toBe("张*");
    expect(maskRealnameOwner("欧阳修文", "person")).toBe("欧阳*");
    expect(maskRealnameOwner("鹏程出行有限公司", "company")).toBe("鹏程出行有限公司");
    expect(maskRealnameCertNo(ID, "person")).toBe("110101********0011");
    expect(maskRealnameCertNo("1234", "person")).toBe("****");
    expect(maskRealnameCertNo(CREDIT, "company")).toBe(CREDIT);
  });
});
