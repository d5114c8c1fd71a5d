import * as d from "@tsp/domain";
import { buttonClass, DetailList, Dialog, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/deviceManage";
import { formatDateTime } from "../../../format/dateTime";
import { type MessageKey, useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { refusalByField } from "../../../kit/RowActions";

/** The review form: a decision and a note, the note required to reject (@tsp/domain's rule). */
const ReviewSchema = v.pipe(
  v.object({ decision: v.picklist(["approve", "reject"]), note: v.nullable(v.string()) }),
  v.forward(
    v.check(
      (r) => d.deviceChangeReviewProblem(r.decision === "approve", r.note) === null,
      d.MSG_DEVICE_CHANGE_REJECT_REASON,
    ),
    ["note"],
  ),
);

/** 详情 and, on a pending record for an account holding the kind's review button, 审批. */
export function ChangeActions({ row, noun, canReview }: { row: api.DeviceChange; noun: string; canReview: boolean }) {
  const t = useT();
  const toast = useToast();
  const reload = useListReload();
  const [detail, setDetail] = useState<api.DeviceChange | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const items = (c: api.DeviceChange) => [
    { label: t("deviceChange.vin"), value: c.vin },
    { label: t("deviceChange.plateNo"), value: c.plateNo },
    { label: t("deviceChange.oldCode", { noun }), value: c.oldCode },
    { label: t("deviceChange.newCode", { noun }), value: c.newCode },
    { label: t("deviceChange.reason"), value: t(`deviceChange.reason.${c.reason}` as MessageKey) },
    { label: t("deviceChange.remark"), value: c.remark },
    { label: t("deviceChange.applicant"), value: c.applicantName },
    { label: t("deviceChange.appliedAt"), value: formatDateTime(c.appliedAt) },
    { label: t("deviceChange.state"), value: t(`deviceChange.state.${c.state}` as MessageKey) },
    { label: t("deviceChange.reviewer"), value: c.reviewerName },
    { label: t("deviceChange.reviewedAt"), value: c.reviewedAt === null ? null : formatDateTime(c.reviewedAt) },
    { label: t("deviceChange.reviewNote"), value: c.reviewNote },
  ];
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() =>
          void api.getDeviceChange(row.id).then(setDetail, () => {
            // Toasted by the shell.
          })
        }
      >
        {t("kit.detail")}
      </button>
      <Dialog open={detail !== null} title={row.vin} width={640} onClose={() => setDetail(null)}>
        {detail && <DetailList items={items(detail)} />}
      </Dialog>
      {row.state === "pending" && canReview && (
        <button type="button" className={buttonClass("link")} onClick={() => setReviewing(true)}>
          {t("deviceChange.review")}
        </button>
      )}
      {reviewing && (
        <FormDialog
          open
          title={t("deviceChange.reviewTitle", { vin: row.vin })}
          fields={[
            {
              key: "decision",
              kind: "select",
              label: t("deviceChange.decision"),
              required: true,
              options: [
                { value: "approve", label: t("deviceChange.approve") },
                { value: "reject", label: t("deviceChange.reject") },
              ],
            },
            {
              key: "note",
              kind: "textarea",
              label: t("deviceChange.reviewNote"),
              maxLength: 200,
              placeholder: t("deviceChange.applyHint"),
            },
          ]}
          initial={{ decision: "approve", note: null } as Record<string, unknown>}
          schema={ReviewSchema as never}
          onClose={() => setReviewing(false)}
          onSubmit={async (values) => {
            const approve = values.decision === "approve";
            try {
              await api.reviewDeviceChange({ id: row.id, approve, note: (values.note as string | null) ?? null });
            } catch (error) {
              // A refused check (old code no longer current …) is about the replacement, not the note: shown on the form.
              const refusal = refusalByField(error);
              return refusal ? { "": Object.values(refusal)[0] ?? "" } : ({} as Record<string, string>);
            }
            toast.success(t(approve ? "deviceChange.approved" : "deviceChange.rejected"));
            setReviewing(false);
            reload();
            return null;
          }}
        />
      )}
    </>
  );
}
