import { checkRecord, RealnameReviewSchema } from "@tsp/domain";
import { Badge, type BadgeTone, buttonClass, DetailList, Dialog, inputClass, useToast } from "@tsp/ui";
import { useEffect, useId, useState } from "react";
import * as api from "../../../api/realname";
import type { RealnameDetail, RealnameRow } from "../../../api/types";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

const TONES: Record<RealnameDetail["status"], BadgeTone> = {
  unauthenticated: "gray",
  pending: "blue",
  approved: "green",
  rejected: "red",
};

/** Who did something and when. */
const who = (name: string | null, time: number | null) => (name ? `${name} ${formatDateTime(time)}` : "");

/**
 * 详情 of a card's real-name record, read when opened: the material, the photos (signed links of
 * private objects, valid 5 minutes), who submitted and reviewed, and the history. A reviewer
 * (the review permission) decides a record under review here: 通过, or 驳回 with its reason.
 */
export function RealnameDetailDialog({
  row,
  onClose,
  onReviewed,
}: {
  row: RealnameRow;
  onClose: () => void;
  onReviewed: () => void;
}) {
  const t = useT();
  const id = useId();
  const can = useCan();
  const toast = useToast();
  const [detail, setDetail] = useState<RealnameDetail | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .getRealname(row.iccid)
      .then((d) => live && setDetail(d))
      // The shell toasted why.
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [row]);

  const review = async (decision: "approve" | "reject") => {
    const checked = checkRecord(RealnameReviewSchema, { iccid: row.iccid, decision, reason });
    if (!checked.ok) {
      setError(checked.errors.reason ?? checked.errors[""] ?? null);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.reviewRealname(checked.value);
      toast.success(t(decision === "approve" ? "realname.approved" : "realname.rejected"));
      onReviewed();
    } catch (e) {
      const refused = refusalByField(e);
      setError(refused?.reason ?? refused?.[""] ?? null);
    } finally {
      setBusy(false);
    }
  };

  const certLabel = detail?.ownerType === "company" ? "realname.creditCode" : "realname.idCardNo";
  const nameLabel = detail?.ownerType === "company" ? "realname.companyName" : "realname.personName";
  const reviewer = detail?.status === "pending" && can("reviewRealname");
  return (
    <Dialog open title={t("realname.detailTitle", { vin: row.vin })} width={800} onClose={onClose}>
      {!detail ? (
        <p aria-live="polite">{failed ? t("kit.loadFailed") : t("realname.loading")}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <DetailList
            items={[
              { label: t("realname.vin"), value: detail.vin },
              { label: t("realname.iccid"), value: detail.iccid },
              { label: t("realname.msisdn"), value: detail.msisdn },
              {
                label: t("realname.status"),
                value: <Badge tone={TONES[detail.status]}>{t(`realname.status.${detail.status}`)}</Badge>,
              },
              {
                label: t("realname.ownerType"),
                value: detail.ownerType ? t(`realname.ownerType.${detail.ownerType}`) : "",
              },
              { label: t(nameLabel), value: detail.ownerName },
              { label: t(certLabel), value: detail.certNo },
              { label: t("realname.contactPhone"), value: detail.contactPhone },
              { label: t("realname.submitBy"), value: who(detail.submitName, detail.submitTime) },
              { label: t("realname.reviewBy"), value: who(detail.reviewName, detail.reviewTime) },
              ...(detail.rejectReason ? [{ label: t("realname.rejectReason"), value: detail.rejectReason }] : []),
            ]}
          />
          {detail.photos.length > 0 && (
            <section aria-labelledby={`${id}-photos`} className="flex flex-col gap-2">
              <h3 id={`${id}-photos`} className="text-sm font-medium">
                {t("realname.photos")}
              </h3>
              <ul className="flex flex-wrap gap-4">
                {detail.photos.map((p) => {
                  const name = t(`realname.photo.${p.kind}`);
                  return (
                    <li key={p.kind} className="flex flex-col items-center gap-1">
                      <a
                        href={p.url}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={t("realname.photoOpen", { name })}
                        className="block rounded border border-gray-200 focus-visible:ring-2 focus-visible:ring-blue-600/40"
                      >
                        <img src={p.url} alt={name} className="h-32 w-52 object-cover" />
                      </a>
                      <span className="text-xs text-gray-600">{name}</span>
                    </li>
                  );
                })}
              </ul>
              <p className="text-xs text-gray-500">{t("realname.photoExpiry")}</p>
            </section>
          )}
          <section aria-labelledby={`${id}-history`} className="flex flex-col gap-2">
            <h3 id={`${id}-history`} className="text-sm font-medium">
              {t("realname.history")}
            </h3>
            {detail.history.length === 0 ? (
              <p className="text-gray-500">{t("realname.noHistory")}</p>
            ) : (
              <ol className="flex flex-col gap-1 border-l-2 border-gray-200 pl-3">
                {detail.history.map((e) => (
                  <li key={`${e.time}-${e.action}`}>
                    <span className="text-gray-500">{formatDateTime(e.time)}</span>{" "}
                    <span className="font-medium">{t(`realname.history.${e.action}`)}</span> · {e.operatorName}
                    {e.reason && <span className="text-red-700">：{e.reason}</span>}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {reviewer && (
            <section aria-label={t("realname.review")} className="flex flex-col gap-2 border-t border-gray-200 pt-3">
              {rejecting && (
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${id}-reason`} className="text-sm text-gray-600">
                    {`* ${t("realname.reasonLabel")}`}
                  </label>
                  <textarea
                    id={`${id}-reason`}
                    className={inputClass("h-20 w-full py-1", !!error)}
                    maxLength={200}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${id}-reason-msg`}
                    value={reason}
                    onChange={(e) => {
                      setReason(e.target.value);
                      setError(null);
                    }}
                  />
                  <span
                    id={`${id}-reason-msg`}
                    role={error ? "alert" : undefined}
                    className="min-h-4 text-xs text-red-600"
                  >
                    {error ?? ""}
                  </span>
                </div>
              )}
              {!rejecting && error && (
                <p role="alert" className="text-sm text-red-600">
                  {error}
                </p>
              )}
              <div className="flex justify-end gap-2">
                <button
                  type="button"
                  disabled={busy}
                  className={buttonClass("default", "text-red-600")}
                  onClick={() => {
                    if (rejecting) return void review("reject");
                    setRejecting(true);
                    // The reason box appears above: the keyboard goes there next.
                    requestAnimationFrame(() => document.getElementById(`${id}-reason`)?.focus());
                  }}
                >
                  {t("realname.reject")}
                </button>
                {!rejecting && (
                  <button
                    type="button"
                    disabled={busy}
                    className={buttonClass("primary")}
                    onClick={() => void review("approve")}
                  >
                    {t("realname.approve")}
                  </button>
                )}
              </div>
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}
