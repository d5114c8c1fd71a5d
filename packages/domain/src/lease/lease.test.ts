import { describe, expect, it } from "vitest";
import { creditCodeCheckChar } from "../ner/creditCode";
import {
  canDeleteLease,
  canEditLease,
  checkLeaseEdit,
  checkLeaseReturn,
  type LeaseContractEdit,
  type LeaseTerm,
  leaseAddDays,
  leaseAddMonths,
  leaseEditOf,
  leaseHeldUntil,
  leaseProblemText,
  leaseState,
  MSG_LEASE_CREDIT_CODE,
  MSG_LEASE_DELETE_STARTED,
  MSG_LEASE_RETURN_BEFORE_START,
  MSG_LEASE_RETURN_FUTURE,
  MSG_LEASE_RETURN_PENDING,
  MSG_LEASE_RETURNED,
  maskLesseeIdNo,
  maskLesseePhone,
  msgLeaseOverlap,
  msgLeaseRenewed,
  overlappingLease,
  parseLesseeType,
  renewalOf,
} from "./leaseContract";
import {
  checkReportMonths,
  defaultReportMonths,
  MSG_REPORT_MONTH,
  MSG_REPORT_MONTHS_REVERSED,
  MSG_REPORT_MONTHS_TOO_MANY,
  reportMonthBounds,
  reportMonthsBetween,
} from "./leaseReport";

const CREDIT = `91440300MA5G0RQK8${creditCodeCheckChar("91440300MA5G0RQK8")}`;
const contract: LeaseContractEdit = {
  contractNo: "ZL-2026-0001",
  vin: "LGXCE4CB2S0000123",
  leaseOrgCode: "LEASE-SZQH",
  lesseeType: "person",
  lesseeName: "王小明",
  lesseePhone: "13912345678",
  lesseeIdNo: "11010519491231002x",
  startDate: "2026-01-01",
  endDate: "2026-12-31",
  monthlyRent: 4500.5,
  deposit: 10000,
  remark: null,
};
const reasons = (input: unknown) => {
  const r = checkLeaseEdit(input);
  return r.ok ? [] : r.error.map((p) => `${p.field}:${p.msg}`);
};
const term = (over: Partial<LeaseTerm> = {}): LeaseTerm => ({
  contractNo: "A",
  startDate: "2026-01-01",
  endDate: "2026-06-30",
  returnDate: null,
  renewedTo: null,
  ...over,
});

describe("a lease contract's fields", () => {
  it("accepts a person's contract and normalises the ID number", () => {
    const r = checkLeaseEdit(contract);
    expect(r.ok && r.value.lesseeIdNo).toBe("11010519491231002X");
  });

  it("accepts a company with its credit code and a landline", () => {
    expect(
      reasons({
        ...contract,
        lesseeType: "company",
        lesseeName: "深圳市鹏程物流有限公司",
        lesseeIdNo: CREDIT,
        lesseePhone: "0755-88886666",
      }),
    ).toEqual([]);
  });

  it("names a missing field by its label, and a non-object as not a contract", () => {
    const { deposit: _d, ...noDeposit } = contract;
    expect(reasons(noDeposit)).toEqual(["deposit:缺少字段：押金(元)"]);
    expect(reasons("x")).toEqual(["contractNo:租赁合同格式不正确"]);
  });

  it("refuses each bad field with its reason", () => {
    expect(reasons({ ...contract, contractNo: "A!" })).toEqual(["contractNo:合同编号应为4–32位字母、数字或- _ /"]);
    expect(reasons({ ...contract, leaseOrgCode: " " })).toEqual(["leaseOrgCode:请选择租赁机构"]);
    expect(reasons({ ...contract, lesseeType: "x" })).toEqual(["lesseeType:承租方类型应为个人或企业"]);
    expect(reasons({ ...contract, lesseePhone: "123" })[0]).toContain("lesseePhone:");
    expect(reasons({ ...contract, startDate: "2026-02-30" })).toEqual(["startDate:日期格式应为yyyy-MM-dd"]);
    expect(reasons({ ...contract, startDate: "2026/01/01" })).toEqual(["startDate:日期格式应为yyyy-MM-dd"]);
    expect(reasons({ ...contract, monthlyRent: 0 })[0]).toContain("monthlyRent:月租金");
    expect(reasons({ ...contract, monthlyRent: 1.005 })[0]).toContain("monthlyRent:");
    expect(reasons({ ...contract, deposit: -1 })[0]).toContain("deposit:押金");
    expect(reasons({ ...contract, remark: "x".repeat(201) })).toEqual(["remark:备注不能超过200个字符"]);
  });

  it("checks the lessee's name and certificate by the lessee type", () => {
    expect(reasons({ ...contract, lesseeName: "王" })).toEqual([
      "lesseeName:请输入2–30个字的承租人姓名（中文或字母，可含·）",
    ]);
    expect(reasons({ ...contract, lesseeIdNo: "110105194912310021" })).toEqual([
      "lesseeIdNo:请输入正确的18位身份证号码",
    ]);
    expect(reasons({ ...contract, lesseeType: "company", lesseeName: "公", lesseeIdNo: CREDIT })).toEqual([
      "lesseeName:请输入2–100个字的承租单位名称",
    ]);
    expect(
      reasons({ ...contract, lesseeType: "company", lesseeName: "某某公司", lesseeIdNo: "91440300MA5G0RQK8X" }),
    ).toEqual([`lesseeIdNo:${MSG_LEASE_CREDIT_CODE}`]);
  });

  it("wants the end after the start and a term of at most ten years", () => {
    expect(reasons({ ...contract, endDate: "2026-01-01" })).toEqual(["endDate:租期结束日期应晚于开始日期"]);
    expect(reasons({ ...contract, endDate: "2036-01-01" })).toEqual([]);
    expect(reasons({ ...contract, endDate: "2036-01-02" })).toEqual(["endDate:租期不能超过120个月"]);
  });

  it("joins problems, keeps only the editable fields, reads lessee types by code or label", () => {
    expect(
      leaseProblemText([
        { field: "a", msg: "甲" },
        { field: "b", msg: "乙" },
      ]),
    ).toBe("甲；乙");
    expect(leaseEditOf({ ...contract, extra: 1 } as LeaseContractEdit)).toEqual(contract);
    expect(parseLesseeType(" 企业 ")).toBe("company");
    expect(parseLesseeType("person")).toBe("person");
    expect(parseLesseeType("团体")).toBeNull();
  });

  it("masks certificates and phones for lists", () => {
    expect(maskLesseeIdNo("11010519491231002X")).toBe("1101**********002X");
    expect(maskLesseeIdNo("12345678")).toBe("12345678");
    expect(maskLesseePhone("13912345678")).toBe("139****5678");
    expect(maskLesseePhone("0755-88886666")).toBe("*********6666");
    expect(maskLesseePhone("123")).toBe("123");
  });

  it("adds days and months on the calendar", () => {
    expect(leaseAddDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(leaseAddDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(leaseAddMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(leaseAddMonths("2026-01-15", 12)).toBe("2027-01-15");
  });
});

const returnFail = (input: unknown, t: LeaseTerm, today: string) => {
  const r = checkLeaseReturn(input, t, today);
  return r.ok ? [] : r.error.map((p) => `${p.field}:${p.msg}`);
};

describe("a lease contract's state and life", () => {
  it("derives the state from the dates and the return", () => {
    expect(leaseState(term(), "2025-12-31")).toBe("pending");
    expect(leaseState(term(), "2026-01-01")).toBe("leasing");
    expect(leaseState(term(), "2026-06-30")).toBe("leasing");
    expect(leaseState(term(), "2026-07-01")).toBe("expired");
    expect(leaseState(term({ returnDate: "2026-03-01" }), "2026-02-01")).toBe("returned");
  });

  it("holds the vehicle until returned, or until the end once renewed", () => {
    expect(leaseHeldUntil(term())).toBe("9999-12-31");
    expect(leaseHeldUntil(term({ returnDate: "2026-03-01" }))).toBe("2026-03-01");
    expect(leaseHeldUntil(term({ renewedTo: "B" }))).toBe("2026-06-30");
  });

  it("finds a contract of the vehicle meeting the candidate's term", () => {
    const cand = { contractNo: "B", startDate: "2026-07-01", endDate: "2026-12-31" };
    expect(overlappingLease(cand, [term()])).toBe("A");
    expect(overlappingLease(cand, [term({ returnDate: "2026-06-30" })])).toBeNull();
    expect(overlappingLease(cand, [term({ renewedTo: "B" })])).toBeNull();
    expect(overlappingLease({ ...cand, contractNo: "A" }, [term()])).toBeNull();
    expect(overlappingLease({ ...cand, startDate: "2025-01-01", endDate: "2025-12-31" }, [term()])).toBeNull();
    expect(msgLeaseOverlap("A")).toContain("A");
  });

  it("edits a contract not returned nor renewed; deletes one not started", () => {
    expect(canEditLease(term())).toBeNull();
    expect(canEditLease(term({ returnDate: "2026-02-01" }))).toBe(MSG_LEASE_RETURNED);
    expect(canEditLease(term({ renewedTo: "B" }))).toBe(msgLeaseRenewed("B"));
    expect(canDeleteLease(term(), "2025-12-31")).toBeNull();
    expect(canDeleteLease(term(), "2026-01-01")).toBe(MSG_LEASE_DELETE_STARTED);
  });

  it("returns a started contract on a day from its start to today, with a reason", () => {
    const ok = checkLeaseReturn({ returnDate: "2026-03-01", reason: " 提前退租 " }, term(), "2026-03-02");
    expect(ok.ok && ok.value).toEqual({ returnDate: "2026-03-01", reason: "提前退租" });
    expect(checkLeaseReturn({ returnDate: "2026-08-01", reason: "逾期归还" }, term(), "2026-08-01").ok).toBe(true);
    expect(returnFail({}, term({ returnDate: "2026-02-01" }), "2026-03-01")).toEqual([
      `contractNo:${MSG_LEASE_RETURNED}`,
    ]);
    expect(returnFail({}, term(), "2025-12-01")).toEqual([`contractNo:${MSG_LEASE_RETURN_PENDING}`]);
    expect(returnFail({ returnDate: "2026-03-01", reason: "x" }, term(), "2026-03-01")).toEqual([
      "reason:请填写退租原因（2至200个字）",
    ]);
    expect(returnFail({ returnDate: "2026-03-01" }, term(), "2026-03-01")).toEqual([
      "reason:请填写退租原因（2至200个字）",
    ]);
    expect(returnFail({ reason: "提前" }, term(), "2026-03-01")).toEqual(["returnDate:日期格式应为yyyy-MM-dd"]);
    expect(returnFail({ returnDate: "2025-12-31", reason: "提前" }, term(), "2026-03-01")).toEqual([
      `returnDate:${MSG_LEASE_RETURN_BEFORE_START}`,
    ]);
    expect(returnFail({ returnDate: "2026-03-02", reason: "提前" }, term(), "2026-03-01")).toEqual([
      `returnDate:${MSG_LEASE_RETURN_FUTURE}`,
    ]);
  });

  it("renews from the day after the end, under every rule of a contract", () => {
    const old: LeaseContractEdit & LeaseTerm = { ...contract, returnDate: null, renewedTo: null };
    const r = renewalOf({ newContractNo: "ZL-2027-0001", endDate: "2027-12-31", monthlyRent: 4300, deposit: 0 }, old);
    expect(r.ok && r.value).toMatchObject({
      contractNo: "ZL-2027-0001",
      startDate: "2027-01-01",
      endDate: "2027-12-31",
      monthlyRent: 4300,
      lesseeName: "王小明",
    });
    const fail = (input: unknown, c = old) => {
      const x = renewalOf(input, c);
      return x.ok ? [] : x.error.map((p) => `${p.field}:${p.msg}`);
    };
    expect(fail({}, { ...old, returnDate: "2026-05-01" })).toEqual([`contractNo:${MSG_LEASE_RETURNED}`]);
    expect(fail({ newContractNo: "x" })[0]).toContain("newContractNo:");
    expect(fail({ newContractNo: "ZL-2", endDate: "2026-12-31", monthlyRent: 1, deposit: 0 })).toEqual([
      "endDate:续租的结束日期应晚于原合同的结束日期",
    ]);
    expect(fail({ newContractNo: "ZL-2", endDate: "2037-01-02", monthlyRent: 1, deposit: 0 })).toEqual([
      "endDate:租期不能超过120个月",
    ]);
    expect(
      fail({ newContractNo: "ZL-2", endDate: "2027-01-02", monthlyRent: 1, deposit: 0 }, { ...old, lesseeName: "王" }),
    ).toEqual(["lesseeName:请输入2–30个字的承租人姓名（中文或字母，可含·）"]);
    // A copied field the contract rule refuses is reported on its own field.
    expect(
      fail({ newContractNo: "ZL-2", endDate: "2027-01-02", monthlyRent: 1, deposit: 0 }, { ...old, vin: "BAD" })[0],
    ).toContain("vin:");
  });
});

describe("the lease reports' month range", () => {
  it("lists the months of a range, across years", () => {
    expect(reportMonthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(reportMonthBounds("2024-02")).toEqual({ first: "2024-02-01", last: "2024-02-29" });
  });

  it("checks the format, the order and the length", () => {
    expect(checkReportMonths("2026-01", "2026-03")).toEqual({ ok: true, value: ["2026-01", "2026-02", "2026-03"] });
    expect(checkReportMonths("0000-01", "2026-03")).toEqual({
      ok: false,
      error: { field: "monthStart", msg: MSG_REPORT_MONTH },
    });
    expect(checkReportMonths("2026-13", "2026-03")).toEqual({
      ok: false,
      error: { field: "monthStart", msg: MSG_REPORT_MONTH },
    });
    expect(checkReportMonths("2026-01", "2026-3")).toEqual({
      ok: false,
      error: { field: "monthEnd", msg: MSG_REPORT_MONTH },
    });
    expect(checkReportMonths("2026-03", "2026-01")).toEqual({
      ok: false,
      error: { field: "monthEnd", msg: MSG_REPORT_MONTHS_REVERSED },
    });
    expect(checkReportMonths("2024-01", "2026-01")).toEqual({
      ok: false,
      error: { field: "monthEnd", msg: MSG_REPORT_MONTHS_TOO_MANY },
    });
  });

  it("opens on the twelve months up to this one", () => {
    expect(defaultReportMonths("2026-11-24")).toEqual({ monthStart: "2025-12", monthEnd: "2026-11" });
    expect(defaultReportMonths("2026-12-01")).toEqual({ monthStart: "2026-01", monthEnd: "2026-12" });
  });
});

describe("lease forms given no object", () => {
  it("answers a reason rather than a library message", async () => {
    const { LeaseRenewSchema, LeaseReturnSchema } = await import("./leaseContract");
    const v = await import("valibot");
    const renew = v.safeParse(LeaseRenewSchema, "x");
    expect(renew.success ? "" : renew.issues[0].message).toBe("租赁合同格式不正确");
    const ret = v.safeParse(LeaseReturnSchema, 1);
    expect(ret.success ? "" : ret.issues[0].message).toBe("日期格式应为yyyy-MM-dd");
    expect(reasons({ ...contract, startDate: "x", endDate: "y" })).toEqual([
      "startDate:日期格式应为yyyy-MM-dd",
      "endDate:日期格式应为yyyy-MM-dd",
    ]);
  });
});
