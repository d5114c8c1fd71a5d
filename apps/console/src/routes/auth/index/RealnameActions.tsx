import { buttonClass } from "@tsp/ui";
import { useState } from "react";
import type { RealnameRow } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { useCan } from "../../../permission/useCan";
import { RealnameDetailDialog } from "./RealnameDetailDialog";
import { RealnameSubmitDialog } from "./RealnameSubmitDialog";

/**
 * A row's actions: 详情 (审核 for a reviewer when the card is under review) and 提交认证 /
 * 重新提交 for a card not yet authenticated or rejected — each only with its permission
 * (submitting also needs the photo upload's).
 */
export function RealnameActions({ row }: { row: RealnameRow }) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const [open, setOpen] = useState<"detail" | "submit" | null>(null);
  const reviewable = row.status === "pending" && can("reviewRealname");
  const submittable =
    (row.status === "unauthenticated" || row.status === "rejected") &&
    can("submitRealname") &&
    can("getRealNamedFileUploadSigned");
  const done = () => {
    setOpen(null);
    reload();
  };
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen("detail")}>
        {reviewable ? t("realname.review") : t("realname.detail")}
      </button>
      {submittable && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("submit")}>
          {row.status === "rejected" ? t("realname.resubmit") : t("realname.submit")}
        </button>
      )}
      {open === "detail" && <RealnameDetailDialog row={row} onClose={() => setOpen(null)} onReviewed={done} />}
      {open === "submit" && <RealnameSubmitDialog row={row} onClose={() => setOpen(null)} onSubmitted={done} />}
    </>
  );
}
