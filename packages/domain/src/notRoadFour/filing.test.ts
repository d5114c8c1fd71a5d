import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  FilingReasonSchema,
  type FilingStatus,
  filingActions,
  isFilingDeletable,
  isFilingEditable,
  isFilingStatus,
  MSG_FILING_REASON_REQUIRED,
  MSG_FILING_REASON_TOO_LONG,
  moveFiling,
  msgFilingNotDeletable,
  msgFilingNotEditable,
} from "./filing";

describe("filing life", () => {
  it("offers each state's actions", () => {
    expect(filingActions("draft")).toEqual(["submit"]);
    expect(filingActions("pending")).toEqual(["approve", "reject", "timeout", "fail"]);
    expect(filingActions("rejected")).toEqual(["resubmit"]);
    expect(filingActions("timeout")).toEqual(["resubmit"]);
    expect(filingActions("failed")).toEqual(["resubmit"]);
    expect(filingActions("approved")).toEqual([]);
  });

  it("moves submit → reject with reason → resubmit → approve, clearing the reason", () => {
    const submitted = moveFiling("draft", "submit");
    expect(submitted).toEqual({ ok: true, value: { status: "pending", reason: null } });
    expect(moveFiling("pending", "reject", "  芯片证书已过期 ")).toEqual({
      ok: true,
      value: { status: "rejected", reason: "芯片证书已过期" },
    });
    expect(moveFiling("rejected", "resubmit", "ignored")).toEqual({
      ok: true,
      value: { status: "pending", reason: null },
    });
    expect(moveFiling("pending", "approve")).toEqual({ ok: true, value: { status: "approved", reason: null } });
    expect(moveFiling("pending", "timeout")).toEqual({ ok: true, value: { status: "timeout", reason: null } });
    expect(moveFiling("pending", "fail", "平台返回：数据格式错误")).toEqual({
      ok: true,
      value: { status: "failed", reason: "平台返回：数据格式错误" },
    });
  });

  it("refuses an action the state does not allow as a conflict naming both", () => {
    expect(moveFiling("approved", "reject", "x")).toEqual({
      ok: false,
      error: { conflict: true, msg: "当前状态为“已通过”，不能驳回" },
    });
    expect(moveFiling("draft", "approve")).toEqual({
      ok: false,
      error: { conflict: true, msg: "当前状态为“草稿”，不能通过" },
    });
  });

  it("needs a reason of at most 200 characters to reject or fail", () => {
    expect(moveFiling("pending", "reject")).toEqual({
      ok: false,
      error: { conflict: false, msg: MSG_FILING_REASON_REQUIRED },
    });
    expect(moveFiling("pending", "fail", "   ")).toEqual({
      ok: false,
      error: { conflict: false, msg: MSG_FILING_REASON_REQUIRED },
    });
    expect(moveFiling("pending", "reject", "字".repeat(201))).toEqual({
      ok: false,
      error: { conflict: false, msg: MSG_FILING_REASON_TOO_LONG },
    });
    expect(moveFiling("pending", "reject", "字".repeat(200)).ok).toBe(true);
  });

  it("edits drafts and rejected filings only, deletes drafts only", () => {
    const all: FilingStatus[] = ["draft", "pending", "approved", "rejected", "timeout", "failed"];
    expect(all.filter(isFilingEditable)).toEqual(["draft", "rejected"]);
    expect(all.filter(isFilingDeletable)).toEqual(["draft"]);
    expect(msgFilingNotEditable("pending")).toBe("当前状态为“待审核”，只有草稿或已驳回的备案可以编辑");
    expect(msgFilingNotDeletable("approved")).toBe("当前状态为“已通过”，只有草稿可以删除");
  });

  it("checks the reject dialog's reason with the same messages", () => {
    expect(v.safeParse(FilingReasonSchema, { reason: " 资料不全 " }).output).toEqual({ reason: "资料不全" });
    expect(v.safeParse(FilingReasonSchema, { reason: " " }).issues?.[0]?.message).toBe(MSG_FILING_REASON_REQUIRED);
    expect(v.safeParse(FilingReasonSchema, { reason: "字".repeat(201) }).issues?.[0]?.message).toBe(
      MSG_FILING_REASON_TOO_LONG,
    );
  });

  it("knows its states", () => {
    expect(isFilingStatus("timeout")).toBe(true);
    expect(isFilingStatus("toString")).toBe(false);
    expect(isFilingStatus(3)).toBe(false);
  });
});
