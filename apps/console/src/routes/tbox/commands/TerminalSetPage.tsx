import * as d from "@tsp/domain";
import {
  actionsColumn,
  buttonClass,
  ConfirmDialog,
  Dialog,
  dateTimeColumn,
  enumColumn,
  FormDialog,
  useToast,
} from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { CommandTimeline } from "./CommandTimeline";
import { Jt808ControlButton } from "./Jt808ControlButton";
import "../../../i18n/screens/commands";

type Row = api.Command;
const CONTROLS = ["shutdown", "reset", "factoryReset", "dropLink", "alarm", "openSamplingLink"] as const;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    kind: d.choiceFilter(api.COMMAND_KINDS),
    state: d.choiceFilter(api.COMMAND_STATES),
  }),
);

/** The control dialog's values, checked by @tsp/domain's VIN rule and terminalControlProblem. */
const ControlSchema = v.pipe(
  v.object({
    vin: v.pipe(
      v.string(),
      v.check((s) => d.vinProblem(s) === null, "请输入正确的17位VIN"),
    ),
    command: v.picklist(CONTROLS, "请选择控制命令"),
    level: v.nullable(v.number()),
    text: v.nullable(v.string()),
  }),
  v.forward(
    v.check(
      (c) =>
        c.command !== "alarm" ||
        d.terminalControlProblem({ command: "alarm", level: c.level ?? -1, text: c.text ?? "" }) === undefined,
      "报警等级应为0–3的整数，报警信息为ASCII可见字符",
    ),
    ["text"],
  ),
);

function ControlButton() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  const options = CONTROLS.map((c) => ({ value: c, label: t(`cmd.control.${c}`) }));
  if (!can("sendTerminalControl")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("cmd.control")}
      </button>
      {open && (
        <FormDialog
          open
          title={t("cmd.controlTitle")}
          fields={[
            { key: "vin", kind: "text", label: t("cmd.vin"), required: true, maxLength: 17 },
            { key: "command", kind: "select", label: t("cmd.controlCommand"), required: true, options },
            { key: "level", kind: "number", label: t("cmd.level") },
            { key: "text", kind: "text", label: t("cmd.text"), maxLength: d.MAX_CONTROL_ALARM_TEXT },
          ]}
          initial={{
            vin: "",
            command: "reset" as (typeof CONTROLS)[number],
            level: null as number | null,
            text: null as string | null,
          }}
          schema={ControlSchema}
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              const c = await api.sendTerminalControl({
                vin: values.vin,
                command: values.command,
                ...(values.command === "alarm" ? { level: values.level ?? 0, text: values.text ?? "" } : {}),
              });
              toast.success(t("cmd.queued", { id: c.id }));
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            setOpen(false);
            reload();
            return null;
          }}
        />
      )}
    </>
  );
}

function RowButtons({ row }: { row: Row }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState<"timeline" | "cancel" | null>(null);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen("timeline")}>
        {t("cmd.showTimeline")}
      </button>
      {row.state === "queued" && can("cancelCommand") && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("cancel")}>
          {t("cmd.cancel")}
        </button>
      )}
      {open === "timeline" && (
        <Dialog open title={t("cmd.timeline")} onClose={() => setOpen(null)} width={720}>
          <CommandTimeline vin={row.vin} />
        </Dialog>
      )}
      {open === "cancel" && (
        <ConfirmDialog
          open
          title={t("cmd.cancelTitle")}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            try {
              await api.cancelCommand(row.id);
              toast.success(t("cmd.cancelled"));
            } catch (error) {
              toast.error(Object.values(refusalByField(error) ?? {})[0] ?? String(error));
            }
            setOpen(null);
            reload();
          }}
        >
          {t("cmd.cancelConfirm", { id: row.id, vin: row.vin })}
        </ConfirmDialog>
      )}
    </>
  );
}

const controlExtra = () => (
  <div className="flex gap-2">
    <ControlButton />
    <Jt808ControlButton />
  </div>
);
const rowButtons = (row: Row) => <RowButtons row={row} />;

/**
 * 终端设置管理 (/tbox/terminalSet): every command sent to the tenant's vehicles with its state
 * (queued → sent → acknowledged → success / failed / expired / cancelled), by VIN, kind and
 * state; a queued one can be cancelled, each opens its vehicle's timeline; 终端控制 sends a
 * GB/T 32960 0x82 and JT/T 808终端控制 a 0x8105, each behind its own permission. The list
 * refreshes itself every 3 s.
 */
export default function TerminalSetPage() {
  const t = useT();
  const kinds = catalogueEnum(t, "cmd.kind", api.COMMAND_KINDS);
  const states = catalogueEnum(t, "cmd.state", api.COMMAND_STATES, {
    success: "green",
    failed: "red",
    expired: "amber",
    cancelled: "gray",
    queued: "blue",
    sent: "blue",
    acknowledged: "blue",
  });
  return (
    <ListPage
      screen="terminalSet"
      title={t("cmd.terminalSet.heading")}
      filters={filters}
      paging="numbered"
      poll={(rows) => (rows.some((r) => api.isOpen(r.state)) ? 3000 : null)}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listCommands(
          {
            ...(f.vin ? { vin: f.vin } : {}),
            ...(f.kind ? { kind: f.kind as api.CommandKind } : {}),
            ...(f.state ? { state: f.state as api.CommandState } : {}),
            pageNum,
            pageSize,
          },
          signal,
        )
      }
      search={[
        { kind: "text", key: "vin", label: t("cmd.vin") },
        { kind: "choice", key: "kind", label: t("cmd.kind"), options: kinds.options },
        { kind: "choice", key: "state", label: t("cmd.state"), options: states.options },
      ]}
      titleExtra={controlExtra}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "id", title: t("cmd.id"), width: 90 },
        { key: "vin", title: t("cmd.vin"), width: 180 },
        enumColumn<Row>("kind", t("cmd.kind"), kinds.badges),
        enumColumn<Row>("state", t("cmd.state"), states.badges),
        { key: "sender", title: t("cmd.sender"), width: 100 },
        dateTimeColumn<Row>("createdAt", t("cmd.createdAt")),
        dateTimeColumn<Row>("finishedAt", t("cmd.finishedAt")),
        { key: "reason", title: t("cmd.reason"), width: 220, render: (r) => r.reason ?? "" },
        actionsColumn<Row>(t("kit.actions"), rowButtons, 130),
      ]}
    />
  );
}
