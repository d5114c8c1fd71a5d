import type { RecordSchema } from "@tsp/domain";
import { ApiError, type PermittedOperation } from "@tsp/sdk";
import {
  buttonClass,
  ConfirmDialog,
  type DetailItem,
  DetailList,
  Dialog,
  type FieldErrors,
  FormDialog,
  type FormField,
  useToast,
} from "@tsp/ui";
import { useState } from "react";
import { useT } from "../i18n/i18n";
import { useCan } from "../permission/useCan";
import { useListReload } from "./ListPage";

/**
 * The server's refusal as messages by field: `failDetail[].field` → its msg; a refusal about
 * the record as a whole (409 changed by someone else, 404 gone) under `""`, so the form shows
 * it above the fields and keeps the draft.
 */
export function refusalByField(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const out: Record<string, string> = {};
  for (const d of error.failDetail) if (d.field && d.msg) out[d.field] ??= d.msg;
  if (Object.keys(out).length === 0 && error.msg) out[""] = error.msg;
  return out;
}

/**
 * 编辑 of a row (issue 13): with the update call's permission, opens the kit's form dialog on the
 * row's record, checked by the domain's schema; a refusal maps onto its fields and the dialog
 * stays open with the draft; after a save the list reloads.
 */
export function EditButton<V extends Record<string, unknown>>({
  op,
  title,
  fields,
  initial,
  schema,
  save,
  onSaved,
  label,
}: {
  op: PermittedOperation;
  title: string;
  fields: readonly FormField[];
  /** The record as it is now (opening the dialog reads it; a promise when it is fetched first). */
  initial: () => V | Promise<V>;
  schema: RecordSchema<V>;
  save: (values: V) => Promise<unknown>;
  /** After a save; the surrounding ListPage's reload by default. */
  onSaved?: () => void;
  /** The button's words (编辑 by default). */
  label?: string;
}) {
  const t = useT();
  const reload = useListReload();
  const toast = useToast();
  const can = useCan();
  const [draft, setDraft] = useState<V | null>(null);
  if (!can(op)) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() =>
          void Promise.resolve()
            .then(initial)
            .then(setDraft, () => {
              // A failed read was toasted by the shell; the dialog stays closed.
            })
        }
      >
        {label ?? t("kit.edit")}
      </button>
      {draft && (
        <FormDialog
          open
          title={title}
          fields={fields}
          initial={draft}
          schema={schema}
          onClose={() => setDraft(null)}
          onSubmit={async (values) => {
            try {
              await save(values);
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("kit.saved"));
            setDraft(null);
            (onSaved ?? reload)();
            return null;
          }}
        />
      )}
    </>
  );
}

/**
 * 删除 of a row (issue 13): with the delete call's permission, asks first (naming the record),
 * then deletes and reloads the list; a refusal (e.g. a SIM card still bound) was toasted by
 * the shell and the row stays.
 */
export function DeleteButton({
  op,
  name,
  remove,
  onDeleted,
}: {
  op: PermittedOperation;
  /** How the record is named in the question. */
  name: string;
  remove: () => Promise<unknown>;
  /** After the delete; the surrounding ListPage's reload by default. */
  onDeleted?: () => void;
}) {
  const t = useT();
  const reload = useListReload();
  const toast = useToast();
  const can = useCan();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!can(op)) return null;
  return (
    <>
      <button type="button" className={buttonClass("link", "text-red-600")} onClick={() => setAsking(true)}>
        {t("kit.delete")}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("kit.deleteTitle")}
        confirmText={t("kit.delete")}
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await remove();
            toast.success(t("kit.deleted"));
            setAsking(false);
            (onDeleted ?? reload)();
          } catch {
            // Toasted by the shell.
          } finally {
            setBusy(false);
          }
        }}
      >
        {t("kit.deleteAsk", { name })}
      </ConfirmDialog>
    </>
  );
}

/** 详情 of a row: its fields as label / value pairs in a dialog (read from the row on screen). */
export function DetailButton({ title, items }: { title: string; items: () => readonly DetailItem[] }) {
  const t = useT();
  const [shown, setShown] = useState<readonly DetailItem[] | null>(null);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setShown(items())}>
        {t("kit.detail")}
      </button>
      <Dialog open={shown !== null} title={title} width={720} onClose={() => setShown(null)}>
        {shown && <DetailList items={shown} />}
      </Dialog>
    </>
  );
}
