import {
  formatDateTimeText,
  type HistoryCollectionDraft,
  HistoryCollectionFormSchema,
  type RecordSchema,
} from "@tsp/domain";
import { buttonClass, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import { createHistoryCollection } from "../../../api/dataServiceFrames";
import { useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { Permitted } from "../../../permission/Permitted";

const DAY = 24 * 3600 * 1000;
/** The server's field names → the form's. */
const FIELD: Record<string, string> = { startTime: "start", endTime: "end" };

/** 新建采集: VIN, range and remark in the kit's form, checked by the domain's schema, then the list reloads. */
export function NewCollectionButton({ onCreated }: { onCreated: () => void }) {
  const t = useT();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState({ vin: "", start: "", end: "", remark: "" });
  return (
    <Permitted op="createHistoryCollection">
      <button
        type="button"
        className={buttonClass("primary")}
        onClick={() => {
          // The last day to now, a common ask; both ends are editable text.
          const now = Math.floor(Date.now() / 1000) * 1000;
          setInitial({ vin: "", start: formatDateTimeText(now - DAY), end: formatDateTimeText(now), remark: "" });
          setOpen(true);
        }}
      >
        {t("history.add")}
      </button>
      {open && (
        <FormDialog<Record<string, unknown>>
          open
          title={t("history.addTitle")}
          width={560}
          fields={[
            { key: "vin", label: t("history.vin"), kind: "text", required: true, maxLength: 17 },
            {
              key: "start",
              label: t("history.start"),
              kind: "text",
              required: true,
              placeholder: t("history.timeFormat"),
            },
            { key: "end", label: t("history.end"), kind: "text", required: true, placeholder: t("history.timeFormat") },
            { key: "remark", label: t("history.remark"), kind: "textarea", maxLength: 200 },
          ]}
          initial={initial}
          // The form holds text; the schema reads it into the call's draft, which is what onSubmit gets.
          schema={HistoryCollectionFormSchema as unknown as RecordSchema<Record<string, unknown>>}
          onSubmit={async (draft) => {
            try {
              await createHistoryCollection(draft as unknown as HistoryCollectionDraft);
              toast.success(t("history.created"));
              setOpen(false);
              onCreated();
              return null;
            } catch (error) {
              const byField = refusalByField(error);
              if (!byField) throw error;
              return Object.fromEntries(Object.entries(byField).map(([k, m]) => [FIELD[k] ?? k, m]));
            }
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Permitted>
  );
}
