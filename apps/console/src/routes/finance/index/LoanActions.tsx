import * as d from "@tsp/domain";
import { buttonClass, DetailList, Dialog, FormDialog, useToast } from "@tsp/ui";
import { useRef, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/lease";
import { formatDateTime } from "../../../format/dateTime";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { EditButton, refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { yuan } from "../../lease/leaseVehicle/LeaseVehiclePage";
import { type LoanChoices, loanFormFields } from "./LoanForm";

const RepaySchema = v.object({
  loanNo: v.string(),
  repaidPeriods: v.pipe(v.number(d.MSG_LOAN_REPAID), v.integer(d.MSG_LOAN_REPAID), v.minValue(0, d.MSG_LOAN_REPAID)),
});
const RestrictSchema = v.object({ loanNo: v.string(), ...d.LoanReasonSchema.entries });
const ReviewSchema = v.object({ loanNo: v.string(), ...d.LoanReviewSchema.entries });

type Dialogs = "repay" | "restrict" | "review" | null;

/** Who did it and when, as the detail shows it. */
const who = (by: string | null, at: number | null) => (by ? `${by} ${at ? formatDateTime(at) : ""}`.trim() : null);

/**
 * 详情 (with history and the restriction request), 编辑, 登记还款, 申请限制 (an overdue loan
 * without a request pending or executed) and 审核 (a pending request, its own permission).
 */
export function LoanActions({ row, choices }: { row: api.LoanRecord; choices: LoanChoices }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [detail, setDetail] = useState<api.LoanDetail | null>(null);
  const [open, setOpen] = useState<Dialogs>(null);
  const opened = useRef(row.updatedAt);
  const items = (l: api.LoanDetail) => [
    { label: t("loan.loanNo"), value: l.loanNo },
    { label: t("loan.vin"), value: l.vin },
    { label: t("loan.plateNo"), value: l.plateNo },
    { label: t("loan.financeOrgCode"), value: l.financeOrgName },
    { label: t("loan.borrowerName"), value: l.borrowerName },
    { label: t("loan.borrowerPhone"), value: l.borrowerPhone },
    { label: t("loan.borrowerIdNo"), value: l.borrowerIdNo },
    { label: t("loan.principal"), value: yuan(l.principal) },
    { label: t("loan.progress"), value: `${l.repaidPeriods}/${l.termMonths}` },
    { label: t("loan.startDate"), value: l.startDate },
    {
      label: t("loan.state"),
      value: `${t(`loan.state.${l.state}` as MessageKey)}${l.state === "overdue" ? `（${t("loan.overdueDays", { days: l.overdueDays })}）` : ""}`,
    },
    { label: t("loan.nextDue"), value: l.nextDue },
    { label: t("loan.restriction"), value: t(`loan.restriction.${l.restriction}` as MessageKey) },
    { label: t("loan.restrictionReason"), value: l.restrictionReason },
    { label: t("loan.restrictionRequested"), value: who(l.restrictionRequestedBy, l.restrictionRequestedAt) },
    { label: t("loan.restrictionReviewed"), value: who(l.restrictionReviewedBy, l.restrictionReviewedAt) },
    { label: t("loan.restrictionNote"), value: l.restrictionNote },
  ];
  const submit = (run: () => Promise<unknown>, done: string) => async () => {
    try {
      await run();
    } catch (error) {
      return refusalByField(error) ?? {};
    }
    toast.success(done);
    setOpen(null);
    reload();
    return null;
  };
  const canRestrict = row.state === "overdue" && (row.restriction === "none" || row.restriction === "rejected");
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() =>
          void api.getLoan(row.loanNo).then(setDetail, () => {
            // Toasted by the shell.
          })
        }
      >
        {t("kit.detail")}
      </button>
      <Dialog open={detail !== null} title={row.loanNo} width={760} onClose={() => setDetail(null)}>
        {detail && (
          <>
            <DetailList items={items(detail)} />
            {detail.restriction === "executed" && (
              <p className="mt-2 text-xs text-gray-500">{t("loan.restrictionLater")}</p>
            )}
            <h3 className="mt-4 mb-1 text-sm font-medium text-gray-700">{t("loan.history")}</h3>
            <ul className="text-sm text-gray-700">
              {detail.history.map((h) => (
                <li key={`${h.at}-${h.action}`} className="flex gap-3 border-t border-gray-100 py-1">
                  <span className="w-36 text-gray-500">{formatDateTime(h.at)}</span>
                  <span className="w-20">{t(`loan.history.${h.action}` as MessageKey)}</span>
                  <span className="w-24">{h.byName}</span>
                  <span className="flex-1">{h.reason ?? ""}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
      <EditButton
        op="updateLoan"
        title={t("loan.edit")}
        fields={loanFormFields(t, choices, true)}
        schema={d.LoanEditSchema}
        initial={async () => {
          const now = await api.getLoan(row.loanNo);
          opened.current = now.updatedAt;
          return d.loanEditOf(now);
        }}
        save={(edit) => api.updateLoan({ ...edit, updatedAt: opened.current })}
      />
      {row.state !== "settled" && can("recordLoanRepayment") && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("repay")}>
          {t("loan.repay")}
        </button>
      )}
      {canRestrict && can("requestLoanRestriction") && (
        <button type="button" className={buttonClass("link", "text-red-600")} onClick={() => setOpen("restrict")}>
          {t("loan.restrict")}
        </button>
      )}
      {row.restriction === "pending" && can("reviewLoanRestriction") && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("review")}>
          {t("loan.review")}
        </button>
      )}
      {open === "repay" && (
        <FormDialog
          open
          title={t("loan.repayTitle", { loanNo: row.loanNo })}
          fields={[
            { key: "loanNo", kind: "text", label: t("loan.loanNo"), readOnly: true },
            { key: "repaidPeriods", kind: "number", label: t("loan.repaidPeriods"), required: true },
          ]}
          initial={{ loanNo: row.loanNo, repaidPeriods: row.repaidPeriods }}
          schema={RepaySchema}
          onClose={() => setOpen(null)}
          onSubmit={(values) =>
            submit(() => api.recordLoanRepayment(row.loanNo, values.repaidPeriods, row.updatedAt), t("loan.repaid"))()
          }
        />
      )}
      {open === "restrict" && (
        <FormDialog
          open
          title={t("loan.restrictTitle", { loanNo: row.loanNo })}
          fields={[
            { key: "loanNo", kind: "text", label: t("loan.loanNo"), readOnly: true },
            {
              key: "reason",
              kind: "textarea",
              label: t("loan.restrictReason"),
              required: true,
              maxLength: 200,
              placeholder: t("loan.restrictHint"),
            },
          ]}
          initial={{ loanNo: row.loanNo, reason: "" }}
          schema={RestrictSchema}
          onClose={() => setOpen(null)}
          onSubmit={(values) =>
            submit(() => api.requestLoanRestriction(row.loanNo, values.reason, row.updatedAt), t("loan.restricted"))()
          }
        />
      )}
      {open === "review" && (
        <FormDialog
          open
          title={t("loan.reviewTitle", { loanNo: row.loanNo })}
          fields={[
            { key: "loanNo", kind: "text", label: t("loan.loanNo"), readOnly: true },
            {
              key: "decision",
              kind: "select",
              label: t("loan.decision"),
              required: true,
              options: d.RESTRICTION_DECISIONS.map((x) => ({ value: x, label: t(`loan.decision.${x}`) })),
            },
            { key: "note", kind: "textarea", label: t("loan.reviewNote"), maxLength: 200 },
          ]}
          initial={{ loanNo: row.loanNo, decision: "execute", note: null }}
          schema={ReviewSchema}
          onClose={() => setOpen(null)}
          onSubmit={(values) =>
            submit(
              () =>
                api.reviewLoanRestriction({
                  loanNo: row.loanNo,
                  decision: values.decision,
                  note: values.note,
                  updatedAt: row.updatedAt,
                }),
              t("loan.reviewed"),
            )()
          }
        />
      )}
    </>
  );
}
