import * as d from "@tsp/domain";
import type { PermittedOperation } from "@tsp/sdk";
import { buttonClass, ConfirmDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import { type FilingMoveAction, moveFiling } from "../../api/notRoadFour";
import { type MessageKey, useT } from "../../i18n/i18n";
import { useListReload } from "../../kit/ListPage";
import { EditButton } from "../../kit/RowActions";
import { useCan } from "../../permission/useCan";

/** The operationIds of one filing's moves. */
export type FilingMoveOps = Record<FilingMoveAction, PermittedOperation>;

/**
 * A filing's moves on its row: the ones its state allows (@tsp/domain `filingActions`) that the
 * account may make. 提交 / 通过 / 重新提交 ask first; 驳回 asks for the reason.
 */
export function FilingMoves({
  kind,
  ops,
  name,
  status,
}: {
  kind: d.FilingKind;
  ops: FilingMoveOps;
  name: string;
  status: d.FilingStatus;
}) {
  const t = useT();
  const allowed = d.filingActions(status).filter((a): a is FilingMoveAction => a in ops);
  return (
    <>
      {allowed.map((action) =>
        action === "reject" ? (
          <EditButton
            key={action}
            op={ops.reject}
            label={t("nr4.reject")}
            title={`${t("nr4.rejectTitle")} · ${name}`}
            fields={[{ key: "reason", label: t("nr4.rejectReason"), kind: "textarea", required: true, maxLength: 200 }]}
            schema={d.FilingReasonSchema}
            initial={() => ({ reason: "" })}
            save={({ reason }) => moveFiling(kind, "reject", name, reason)}
          />
        ) : (
          <MoveButton key={action} kind={kind} action={action} op={ops[action]} name={name} />
        ),
      )}
    </>
  );
}

/** One move that needs no more than a yes: asks, moves, reloads the list (a refusal is toasted by the shell). */
function MoveButton({
  kind,
  action,
  op,
  name,
}: {
  kind: d.FilingKind;
  action: Exclude<FilingMoveAction, "reject">;
  op: PermittedOperation;
  name: string;
}) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!can(op)) return null;
  const label = t(`nr4.${action}` as MessageKey);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setAsking(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        title={label}
        confirmText={label}
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await moveFiling(kind, action, name);
            toast.success(t("nr4.moved"));
            setAsking(false);
            reload();
          } catch {
            // Toasted by the shell.
          } finally {
            setBusy(false);
          }
        }}
      >
        {t("nr4.moveAsk", { action: label, name })}
      </ConfirmDialog>
    </>
  );
}
