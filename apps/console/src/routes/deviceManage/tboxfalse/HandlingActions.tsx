import * as d from "@tsp/domain";
import { Badge, type BadgeTone, buttonClass, type Column, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import type { HandlingStep } from "../../../api/deviceHealth";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { refusalByField } from "../../../kit/RowActions";

interface Handling {
  state: d.DeviceHandlingState;
  handledBy: string | null;
  handledAt: number | null;
  note: string | null;
}

/** The handling in words: who, when, the note. */
export const handlingText = (h: Handling): string =>
  h.handledBy ? `${h.handledBy} ${formatDateTime(h.handledAt ?? 0)}${h.note ? `：${h.note}` : ""}` : "";

/** The handling state of a record as a badge. */
export function stateColumn<R extends { handling: { state: d.DeviceHandlingState } }>(
  t: Translate,
  badges: Readonly<Record<string, { label: string; tone: BadgeTone }>>,
): Column<R> {
  return {
    key: "handling",
    title: t("health.state"),
    width: 90,
    render: (r) => {
      const b = badges[r.handling.state];
      return b ? <Badge tone={b.tone}>{b.label}</Badge> : null;
    },
    text: (r) => badges[r.handling.state]?.label ?? "",
  };
}

/** Start and end in one two-line column, like 故障报警's. */
export function periodColumn<R extends { startedAt: number; endedAt: number | null }>(t: Translate): Column<R> {
  return {
    key: "startedAt",
    title: t("health.period"),
    width: 170,
    render: (r) => (
      <span className="flex flex-col">
        <span>{formatDateTime(r.startedAt)}</span>
        {r.endedAt === null ? (
          <span>
            <Badge tone="red">{t("health.ongoing.yes")}</Badge>
          </span>
        ) : (
          <span className="text-gray-500">{formatDateTime(r.endedAt)}</span>
        )}
      </span>
    ),
    text: (r) =>
      `${formatDateTime(r.startedAt)} – ${r.endedAt === null ? t("health.ongoing.yes") : formatDateTime(r.endedAt)}`,
  };
}

/**
 * 处理 of a T-Box fault or a tamper alarm: the next state (处理中 / 已处理) and a note, checked by
 * @tsp/domain's DeviceHandlingSchema (已处理 needs 2–200 characters); shown while not 已处理 and
 * with the operation's permission; a 409 (someone handled it meanwhile) shows in the dialog.
 */
export function HandlingActions({
  id,
  what,
  vin,
  state,
  allowed,
  run,
}: {
  id: number;
  what: string;
  vin: string;
  state: d.DeviceHandlingState;
  allowed: boolean;
  run: (step: HandlingStep) => Promise<unknown>;
}) {
  const t = useT();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  if (state === "done" || !allowed) return null;
  const options = (state === "open" ? (["handling", "done"] as const) : (["done"] as const)).map((s) => ({
    value: s,
    label: t(`health.state.${s}`),
  }));
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("health.handle")}
      </button>
      {open && (
        <FormDialog
          open
          title={t("health.handleTitle", { what, vin })}
          fields={[
            { key: "state", kind: "select", label: t("health.toState"), options, required: true },
            {
              key: "note",
              kind: "textarea",
              label: t("health.note"),
              maxLength: d.DEVICE_NOTE_MAX,
              placeholder: t("health.noteHint"),
            },
          ]}
          initial={{ state: options[0]?.value as "handling" | "done", note: "" }}
          schema={d.DeviceHandlingSchema}
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              await run({ id, state: values.state, note: values.note });
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("health.saved"));
            setOpen(false);
            reload();
            return null;
          }}
        />
      )}
    </>
  );
}
