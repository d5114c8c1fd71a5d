import * as d from "@tsp/domain";
import { buttonClass, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as api from "../../../api/operate";
import { useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

/**
 * 确认 (an open episode, optional note) and 关闭 (open or acknowledged, the note required by
 * @tsp/domain's AlarmCloseSchema), each behind its own permission; a 409 (someone handled it
 * meanwhile) shows its message in the dialog.
 */
export function AlarmActions({ row }: { row: api.OperateAlarm }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState<"acknowledge" | "close" | null>(null);
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
  const names = { name: row.name, vin: row.vin };
  return (
    <>
      {row.state === "open" && can("acknowledgeOperateAlarm") && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("acknowledge")}>
          {t("alarm.acknowledge")}
        </button>
      )}
      {row.state !== "closed" && can("closeOperateAlarm") && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("close")}>
          {t("alarm.close")}
        </button>
      )}
      {open === "acknowledge" && (
        <FormDialog
          open
          title={t("alarm.acknowledgeTitle", names)}
          fields={[{ key: "note", kind: "textarea", label: t("alarm.acknowledgeNote"), maxLength: d.ALARM_NOTE_MAX }]}
          initial={{ note: null as string | null }}
          schema={d.AlarmAcknowledgeSchema}
          onClose={() => setOpen(null)}
          onSubmit={(values) =>
            submit(() => api.acknowledgeAlarm(row.id, values.note ?? null), t("alarm.acknowledged"))()
          }
        />
      )}
      {open === "close" && (
        <FormDialog
          open
          title={t("alarm.closeTitle", names)}
          fields={[
            {
              key: "note",
              kind: "textarea",
              label: t("alarm.closeNote"),
              required: true,
              maxLength: d.ALARM_NOTE_MAX,
              placeholder: t("alarm.closeHint"),
            },
          ]}
          initial={{ note: "" }}
          schema={d.AlarmCloseSchema}
          onClose={() => setOpen(null)}
          onSubmit={(values) => submit(() => api.closeAlarm(row.id, values.note), t("alarm.closed"))()}
        />
      )}
    </>
  );
}
