import * as v from "valibot";
import { err, ok, type Result } from "../shared/result";

/**
 * The life of a 非道路国四 filing (芯片型号, 终端型号, 机械, 终端更换备案) as seen in practice:
 * an operator drafts it, submits it to the environmental authority's platform, which approves
 * or rejects it with a reason; the submission itself may time out or fail (with the platform's
 * reason), after which it is submitted again. One machine for the four filings.
 */
export const FILING_STATUS_LABELS = {
  draft: "草稿",
  pending: "待审核",
  approved: "已通过",
  rejected: "已驳回",
  timeout: "提交超时",
  failed: "提交失败",
} as const;
export type FilingStatus = keyof typeof FILING_STATUS_LABELS;

/** What an operator (or the submission link) does to a filing. */
export const FILING_ACTION_LABELS = {
  submit: "提交",
  approve: "通过",
  reject: "驳回",
  resubmit: "重新提交",
  timeout: "提交超时",
  fail: "提交失败",
} as const;
export type FilingAction = keyof typeof FILING_ACTION_LABELS;

/**
 * The allowed transitions: from which states each action moves a filing, and to which. submit
 * is a draft's first submission; resubmit is after a rejection, a timeout or a failure (the
 * operator may edit a rejected filing first); timeout and fail are what the submission link
 * records for a pending filing the authority never acknowledged or refused to take.
 */
const TRANSITIONS: Readonly<Record<FilingAction, { from: readonly FilingStatus[]; to: FilingStatus }>> = {
  submit: { from: ["draft"], to: "pending" },
  approve: { from: ["pending"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
  resubmit: { from: ["rejected", "timeout", "failed"], to: "pending" },
  timeout: { from: ["pending"], to: "timeout" },
  fail: { from: ["pending"], to: "failed" },
};

/** Actions that need a reason (the authority's rejection, the platform's failure). */
const NEEDS_REASON: ReadonlySet<FilingAction> = new Set<FilingAction>(["reject", "fail"]);
/** Longest reason kept. */
export const FILING_REASON_MAX = 200;

export const MSG_FILING_REASON_REQUIRED = "请输入原因";
export const MSG_FILING_REASON_TOO_LONG = `原因不能超过${FILING_REASON_MAX}个字符`;
/** 409 of an action the filing's state does not allow. */
export const msgFilingActionRefused = (status: FilingStatus, action: FilingAction) =>
  `当前状态为“${FILING_STATUS_LABELS[status]}”，不能${FILING_ACTION_LABELS[action]}`;
/** 409 of an edit of a filing that is no longer a draft or rejected. */
export const msgFilingNotEditable = (status: FilingStatus) =>
  `当前状态为“${FILING_STATUS_LABELS[status]}”，只有草稿或已驳回的备案可以编辑`;
/** 409 of a delete of a filing already submitted. */
export const msgFilingNotDeletable = (status: FilingStatus) =>
  `当前状态为“${FILING_STATUS_LABELS[status]}”，只有草稿可以删除`;

/** Whether `s` is a filing state (a stored or sent value). */
export const isFilingStatus = (s: unknown): s is FilingStatus =>
  typeof s === "string" && Object.hasOwn(FILING_STATUS_LABELS, s);

/** The actions a filing in `status` allows, in the order the screen offers them. */
export function filingActions(status: FilingStatus): FilingAction[] {
  return (Object.keys(TRANSITIONS) as FilingAction[]).filter((a) => TRANSITIONS[a].from.includes(status));
}

/** A filing's state after an action. */
export interface FilingMove {
  status: FilingStatus;
  /** The reason kept with the new state (a rejection's or a failure's), null otherwise. */
  reason: string | null;
}

/**
 * The state after `action` on a filing in `status` with the reason given, or why not: the
 * 409 message of an action its state does not allow, or the 400 message of a missing or too
 * long reason. A move to a state without a reason clears the old one.
 */
export function moveFiling(
  status: FilingStatus,
  action: FilingAction,
  reason?: string | null,
): Result<FilingMove, { conflict: boolean; msg: string }> {
  const t = TRANSITIONS[action];
  if (!t.from.includes(status)) return err({ conflict: true, msg: msgFilingActionRefused(status, action) });
  if (!NEEDS_REASON.has(action)) return ok({ status: t.to, reason: null });
  const text = (reason ?? "").trim();
  if (text === "") return err({ conflict: false, msg: MSG_FILING_REASON_REQUIRED });
  if (text.length > FILING_REASON_MAX) return err({ conflict: false, msg: MSG_FILING_REASON_TOO_LONG });
  return ok({ status: t.to, reason: text });
}

/** Whether a filing may be edited: a draft, or a rejected one being corrected. */
export const isFilingEditable = (status: FilingStatus) => status === "draft" || status === "rejected";
/** Whether a filing may be deleted: only a draft, never one the authority has seen. */
export const isFilingDeletable = (status: FilingStatus) => status === "draft";

/** The reject dialog's form: the reason as `moveFiling` takes it (the same messages). */
export const FilingReasonSchema = v.object({
  reason: v.pipe(
    v.string(MSG_FILING_REASON_REQUIRED),
    v.trim(),
    v.nonEmpty(MSG_FILING_REASON_REQUIRED),
    v.maxLength(FILING_REASON_MAX, MSG_FILING_REASON_TOO_LONG),
  ),
});
