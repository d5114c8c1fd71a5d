import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, dateTimeColumn, enumColumn, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { stateTones } from "../commands/stateTones";
import { TimelineButton, TimelineDialog } from "../commands/TimelineDialog";
import "../../../i18n/screens/commands";

type Row = api.Command;

const filters = d.filterCodec(v.object({ vin: d.textFilter(17), state: d.choiceFilter(api.COMMAND_STATES) }));

const VinSchema = v.object({
  vin: v.pipe(
    v.string(),
    v.check((s) => d.vinProblem(s) === null, "请输入正确的17位VIN"),
  ),
});

/** 发送唤醒: the VIN, then the vehicle's timeline opens to watch the SMS and the wake-up login. */
function WakeButton() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  const [watching, setWatching] = useState<string | null>(null);
  if (!can("sendWakeUp")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("cmd.awaken.send")}
      </button>
      {open && (
        <FormDialog
          open
          title={t("cmd.awaken.title")}
          fields={[
            {
              key: "vin",
              kind: "text",
              label: t("cmd.vin"),
              required: true,
              maxLength: 17,
              placeholder: t("cmd.awaken.hint"),
            },
          ]}
          initial={{ vin: "" }}
          schema={VinSchema}
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              const c = await api.sendWakeUp(values.vin);
              toast.success(t("cmd.queued", { id: c.id }));
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            setOpen(false);
            setWatching(values.vin);
            reload();
            return null;
          }}
        />
      )}
      {watching && <TimelineDialog vin={watching} onClose={() => setWatching(null)} />}
    </>
  );
}

const wakeExtra = () => <WakeButton />;
const rowButtons = (row: Row) => <TimelineButton vin={row.vin} />;

/**
 * TBOX唤醒 (/tbox/awaken): wake-up commands — an SMS through the platform's SMS gateway to a
 * sleeping T-BOX, success when the vehicle logs in (queued → 唤醒短信已发送 → 成功, or 已过期 after
 * 90 s) — by VIN and state; 发送唤醒 behind its own permission, each row's vehicle timeline.
 */
export default function AwakenPage() {
  const t = useT();
  const states = catalogueEnum(t, "cmd.state", api.COMMAND_STATES, stateTones);
  return (
    <ListPage
      screen="awaken"
      title={t("cmd.awaken.heading")}
      filters={filters}
      paging="numbered"
      poll={(rows) => (rows.some((r) => api.isOpen(r.state)) ? 3000 : null)}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listCommands(
          {
            kind: "wakeUp",
            ...(f.vin ? { vin: f.vin } : {}),
            ...(f.state ? { state: f.state as api.CommandState } : {}),
            pageNum,
            pageSize,
          },
          signal,
        )
      }
      search={[
        { kind: "text", key: "vin", label: t("cmd.vin") },
        { kind: "choice", key: "state", label: t("cmd.state"), options: states.options },
      ]}
      titleExtra={wakeExtra}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "id", title: t("cmd.id"), width: 90 },
        { key: "vin", title: t("cmd.vin"), width: 180 },
        enumColumn<Row>("state", t("cmd.state"), states.badges),
        { key: "sender", title: t("cmd.sender"), width: 100 },
        dateTimeColumn<Row>("createdAt", t("cmd.createdAt")),
        dateTimeColumn<Row>("finishedAt", t("cmd.finishedAt")),
        { key: "reason", title: t("cmd.reason"), width: 240, render: (r) => r.reason ?? "" },
        actionsColumn<Row>(t("kit.actions"), rowButtons, 100),
      ]}
    />
  );
}
