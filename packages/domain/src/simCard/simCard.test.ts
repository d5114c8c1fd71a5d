import { describe, expect, it } from "vitest";
import {
  checkSimCardEdit,
  chinaDay,
  MSG_SIM_ACTIVATION_FUTURE,
  MSG_SIM_ACTIVATION_REQUIRED,
  MSG_SIM_CARRIER,
  MSG_SIM_DATA_PLAN,
  MSG_SIM_DATE,
  MSG_SIM_EXPIRY_BEFORE_ACTIVATION,
  MSG_SIM_INVENTORY_ACTIVATED,
  MSG_SIM_REMARK_TOO_LONG,
  MSG_SIM_STATUS,
  msgSimDeleteBound,
  type SimCardEdit,
  simCardEditOf,
  simCardProblemText,
  simCardRuleProblems,
} from "./simCardEdit";
import {
  parseSimCarrier,
  parseSimStatus,
  SIM_CARRIER_LABELS,
  SIM_REALNAME_LABELS,
  SIM_REALNAME_STATES,
} from "./simCardValues";
import {
  carrierOfIccid,
  luhnCheckDigit,
  MSG_SIM_ICCID_CHECK_DIGIT,
  MSG_SIM_ICCID_DIGITS,
  MSG_SIM_ICCID_NOT_CHINA,
  MSG_SIM_MSISDN_LENGTH,
  simIccidProblem,
  simMsisdnProblem,
} from "./simIdentifiers";
import { formatTrafficMb, trafficUsagePercent } from "./traffic";

/** A China Telecom card of the openapi examples (Luhn-valid). */
const ICCID = "89860324472012345675";
const card = (over: Partial<SimCardEdit> = {}): SimCardEdit => ({
  iccid: ICCID,
  msisdn: "1410312345678",
  carrier: "CTCC",
  status: "active",
  activationDate: "2025-03-01",
  expiryDate: "2028-02-29",
  dataPlanMb: 1024,
  remark: null,
  ...over,
});
const free = { today: "2026-11-23", boundVin: null };

describe("ICCID of a card: 19–20 digits, 8986, Luhn (ITU-T E.118)", () => {
  it("computes the Luhn digit of the standard example and of the openapi example", () => {
    expect(luhnCheckDigit("7992739871")).toBe("3");
    expect(luhnCheckDigit(ICCID.slice(0, 19))).toBe("5");
    expect(luhnCheckDigit("0")).toBe("0");
  });
  it("accepts a valid card, 19 digits included", () => {
    expect(simIccidProblem(ICCID)).toBeNull();
    const nineteen = `898600123456789012`;
    expect(simIccidProblem(nineteen + luhnCheckDigit(nineteen))).toBeNull();
  });
  it("refuses with the first reason: general rule, digits, range, check digit", () => {
    expect(simIccidProblem("")).toBe("请输入ICCID");
    expect(simIccidProblem("8986-03")).toBe("ICCID只能包含字母和数字");
    expect(simIccidProblem("8986032447201234567F")).toBe(MSG_SIM_ICCID_DIGITS);
    expect(simIccidProblem("898603244720123")).toBe(MSG_SIM_ICCID_DIGITS);
    expect(simIccidProblem("89440324472012345675")).toBe(MSG_SIM_ICCID_NOT_CHINA);
    expect(simIccidProblem("89860324472012345676")).toBe(MSG_SIM_ICCID_CHECK_DIGIT);
    expect(MSG_SIM_ICCID_CHECK_DIGIT).toBe("ICCID校验位错误");
  });
  it("reads the carrier from the issuer digits after 8986", () => {
    expect(carrierOfIccid("89860012345678901234")).toBe("CMCC");
    expect(carrierOfIccid("89860612345678901234")).toBe("CUCC");
    expect(carrierOfIccid("89861112345678901234")).toBe("CTCC");
    expect(carrierOfIccid("89869912345678901234")).toBeNull();
    expect(carrierOfIccid("89440012345678901234")).toBeNull();
  });
});

describe("MSISDN of a card: 11-digit mobile or 13-digit IoT number", () => {
  it("accepts both lengths, refuses others with the general rule first", () => {
    expect(simMsisdnProblem("13800138000")).toBeNull();
    expect(simMsisdnProblem("1440312345678")).toBeNull();
    expect(simMsisdnProblem("")).toBe("请输入MSISDN");
    expect(simMsisdnProblem("+8613800138000")).toBe("MSISDN只能包含数字");
    expect(simMsisdnProblem("138001380")).toBe(MSG_SIM_MSISDN_LENGTH);
  });
});

describe("value lists", () => {
  it("reads a carrier or a status written as code or label, else null", () => {
    expect(parseSimCarrier("中国联通")).toBe("CUCC");
    expect(parseSimCarrier(" CMCC ")).toBe("CMCC");
    expect(parseSimCarrier("中国广电")).toBeNull();
    expect(parseSimStatus("停机")).toBe("suspended");
    expect(parseSimStatus("active")).toBe("active");
    expect(parseSimStatus("冻结")).toBeNull();
    expect(Object.keys(SIM_CARRIER_LABELS)).toEqual(["CMCC", "CUCC", "CTCC"]);
    expect(SIM_REALNAME_STATES.map((s) => SIM_REALNAME_LABELS[s])).toEqual(["未认证", "审核中", "已认证", "已驳回"]);
  });
});

describe("a card's fields (the edit form and an import row)", () => {
  it("accepts a complete card and one with every optional field empty", () => {
    expect(checkSimCardEdit(card(), free)).toEqual({ ok: true, value: card() });
    const bare = card({ msisdn: null, status: "inventory", activationDate: null, expiryDate: null, dataPlanMb: null });
    expect(checkSimCardEdit(bare, free).ok).toBe(true);
  });
  it("answers each bad field with its own Chinese reason", () => {
    const bad = checkSimCardEdit(
      {
        iccid: "89860324472012345676",
        msisdn: "12345",
        carrier: "CBN",
        status: "frozen",
        activationDate: "2025-02-30",
        expiryDate: "2028/01/01",
        dataPlanMb: 1.5,
        remark: "长".repeat(201),
      },
      free,
    );
    expect(bad).toEqual({
      ok: false,
      error: [
        { field: "iccid", msg: MSG_SIM_ICCID_CHECK_DIGIT },
        { field: "msisdn", msg: MSG_SIM_MSISDN_LENGTH },
        { field: "carrier", msg: MSG_SIM_CARRIER },
        { field: "status", msg: MSG_SIM_STATUS },
        { field: "activationDate", msg: MSG_SIM_DATE },
        { field: "expiryDate", msg: MSG_SIM_DATE },
        { field: "dataPlanMb", msg: MSG_SIM_DATA_PLAN },
        { field: "remark", msg: MSG_SIM_REMARK_TOO_LONG },
      ],
    });
  });
  it("names missing fields and wrong types in Chinese too", () => {
    const missing = checkSimCardEdit({}, free);
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.error.map((p) => p.field)).toEqual([
        "iccid",
        "msisdn",
        "carrier",
        "status",
        "activationDate",
        "expiryDate",
        "dataPlanMb",
        "remark",
      ]);
      expect(missing.error[0]?.msg).toBe("缺少字段：ICCID");
      expect(missing.error[6]?.msg).toBe("缺少字段：套餐流量(MB)");
      expect(missing.error.every((p) => /[\u4e00-\u9fff]/.test(p.msg))).toBe(true);
    }
    expect(checkSimCardEdit(card({ dataPlanMb: -1 }), free)).toMatchObject({
      ok: false,
      error: [{ field: "dataPlanMb" }],
    });
    expect(checkSimCardEdit(card({ dataPlanMb: 1_048_577 }), free)).toMatchObject({ ok: false });
    expect(checkSimCardEdit(null, free)).toEqual({
      ok: false,
      error: [{ field: "iccid", msg: "SIM卡数据格式不正确" }],
    });
    expect(checkSimCardEdit(card({ iccid: 5 as never, msisdn: 5 as never }), free)).toMatchObject({
      ok: false,
      error: [{ msg: "请输入ICCID" }, { msg: "请输入MSISDN" }],
    });
  });
});

describe("rules between a card's fields", () => {
  it("wants the carrier the ICCID's issuer digits name, when they name one", () => {
    expect(simCardRuleProblems(card({ carrier: "CMCC" }), free)).toEqual([
      { field: "carrier", msg: "运营商与ICCID号段不符，该号段属于中国电信" },
    ]);
    const unknownIssuer = "8986991234567890123";
    expect(
      simCardRuleProblems(card({ iccid: unknownIssuer + luhnCheckDigit(unknownIssuer), carrier: "CMCC" }), free),
    ).toEqual([]);
  });
  it("wants an activation date once a card was active, none while in stock, none in the future", () => {
    for (const status of ["active", "suspended", "cancelled"] as const)
      expect(simCardRuleProblems(card({ status, activationDate: null, expiryDate: null }), free)).toEqual([
        { field: "activationDate", msg: MSG_SIM_ACTIVATION_REQUIRED },
      ]);
    expect(simCardRuleProblems(card({ status: "testing", activationDate: null }), free)).toEqual([]);
    expect(simCardRuleProblems(card({ status: "inventory" }), free)).toEqual([
      { field: "activationDate", msg: MSG_SIM_INVENTORY_ACTIVATED },
    ]);
    expect(simCardRuleProblems(card({ activationDate: "2026-11-24", expiryDate: null }), free)).toEqual([
      { field: "activationDate", msg: MSG_SIM_ACTIVATION_FUTURE },
    ]);
    expect(simCardRuleProblems(card({ activationDate: "2026-11-23", expiryDate: null }), free)).toEqual([]);
  });
  it("wants the term to end after it starts", () => {
    expect(simCardRuleProblems(card({ expiryDate: "2025-02-28" }), free)).toEqual([
      { field: "expiryDate", msg: MSG_SIM_EXPIRY_BEFORE_ACTIVATION },
    ]);
    expect(simCardRuleProblems(card({ expiryDate: "2025-03-01" }), free)).toEqual([]);
    expect(
      simCardRuleProblems(card({ status: "testing", activationDate: null, expiryDate: "2020-01-01" }), free),
    ).toEqual([]);
  });
  it("keeps a bound card out of stock and alive; deleting it is refused by name", () => {
    const bound = { today: "2026-11-23", boundVin: "LGXCE4CB2S0000123" };
    expect(simCardRuleProblems(card({ status: "cancelled" }), bound)).toEqual([
      { field: "status", msg: "该卡已绑定车辆LGXCE4CB2S0000123，不能设为已销户，请先在终端信息中解绑" },
    ]);
    expect(simCardRuleProblems(card({ status: "inventory", activationDate: null }), bound)).toHaveLength(1);
    expect(simCardRuleProblems(card({ status: "suspended" }), bound)).toEqual([]);
    expect(msgSimDeleteBound("LGXCE4CB2S0000123")).toBe(
      "该SIM卡已绑定车辆LGXCE4CB2S0000123，请先在终端信息中解绑后再删除",
    );
  });
  it("checks the rules only once every field passed, and joins reasons for an import row", () => {
    const r = checkSimCardEdit(card({ status: "inventory", carrier: "CUCC" }), free);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(simCardProblemText(r.error)).toBe("运营商与ICCID号段不符，该号段属于中国电信；库存卡不能填写激活日期");
  });
  it("takes today in China from an instant", () => {
    expect(chinaDay(Date.UTC(2026, 10, 23, 15, 59, 59))).toBe("2026-11-23");
    expect(chinaDay(Date.UTC(2026, 10, 23, 16, 0, 0))).toBe("2026-11-24");
  });
});

describe("traffic", () => {
  it("shows MB below 1 GB and GB above", () => {
    expect(formatTrafficMb(0)).toBe("0 MB");
    expect(formatTrafficMb(512.25)).toBe("512.3 MB");
    expect(formatTrafficMb(1536)).toBe("1.50 GB");
  });
  it("answers the used share of the plan, null without a plan", () => {
    expect(trafficUsagePercent(512, 1024)).toBe(50);
    expect(trafficUsagePercent(2048, 1024)).toBe(200);
    expect(trafficUsagePercent(10, null)).toBeNull();
    expect(trafficUsagePercent(10, 0)).toBeNull();
  });
});

describe("simCardEditOf", () => {
  it("keeps the editable fields of a record and drops the rest", () => {
    const edit = {
      iccid: "89860324472012345675",
      msisdn: "14812345678",
      carrier: "CMCC" as const,
      status: "active" as const,
      activationDate: "2026-01-01",
      expiryDate: null,
      dataPlanMb: 30,
      remark: null,
    };
    expect(simCardEditOf({ ...edit, vin: "LB3CX1HU5RC100005", updatedAt: 1 } as typeof edit)).toEqual(edit);
  });
});
