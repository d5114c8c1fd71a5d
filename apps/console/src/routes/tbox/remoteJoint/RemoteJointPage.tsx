import * as d from "@tsp/domain";
import { actionsColumn, Badge, buttonClass, DetailList, Dialog, dateTimeColumn, enumColumn } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { stateTones } from "../commands/stateTones";
import { TimelineButton, TimelineDialog } from "../commands/TimelineDialog";
import { useCommandWatch } from "../commands/useCommandWatch";
import { RemoteDialog, usePermittedActions } from "../remoteControl/RemoteDialog";
import "../../../i18n/screens/commands";

type Row = api.Command;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    kind: d.choiceFilter(api.COMMAND_KINDS),
    state: d.choiceFilter(api.COMMAND_STATES),
  }),
);

/** The bytes both ways: the frame the gateway wrote and the terminal's answer, as hex. */
function FramesDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const c = useCommandWatch(id);
  const hex = (h: string | null | undefined) => (
    <code className="break-all font-mono text-xs text-gray-800">{h ?? t("cmd.joint.none")}</code>
  );
  return (
    <Dialog open title={t("cmd.joint.framesOf", { id })} onClose={onClose} width={760}>
      {c && (
        <div className="flex flex-col gap-3">
          <DetailList
            items={[
              { label: t("cmd.vin"), value: c.vin },
              { label: t("cmd.kind"), value: t(`cmd.kind.${c.kind}`) },
              { label: t("cmd.state"), value: <Badge tone={stateTones[c.state]}>{t(`cmd.state.${c.state}`)}</Badge> },
              { label: t("cmd.joint.request"), value: hex(c.requestHex) },
              { label: t("cmd.joint.answer"), value: hex(c.answerHex) },
            ]}
          />
          <ol className="flex flex-col gap-1 text-sm" aria-label={t("cmd.timeline")}>
            {c.events.map((e) => (
              <li key={`${e.state}-${e.at}`} className="flex gap-2">
                <span className="w-40 text-gray-600">{formatDateTime(e.at)}</span>
                <span className="text-gray-800">{t(`cmd.state.${e.state}`)}</span>
                {e.note && <span className="text-gray-600">{e.note}</span>}
              </li>
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}

function RowButtons({ row }: { row: Row }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("cmd.joint.frames")}
      </button>
      <TimelineButton vin={row.vin} />
      {open && <FramesDialog id={row.id} onClose={() => setOpen(false)} />}
    </>
  );
}

/** 远程控制 to any VIN (the engineer types it), then its timeline. */
function SendButton() {
  const t = useT();
  const reload = useListReload();
  const actions = usePermittedActions();
  const [open, setOpen] = useState(false);
  const [watching, setWatching] = useState<string | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("cmd.remote.send")}
      </button>
      {open && (
        <RemoteDialog
          onClose={() => setOpen(false)}
          onSent={(vin) => {
            setOpen(false);
            setWatching(vin);
            reload();
          }}
        />
      )}
      {watching && <TimelineDialog vin={watching} onClose={() => setWatching(null)} />}
    </>
  );
}

const sendExtra = () => <SendButton />;
const rowButtons = (row: Row) => <RowButtons row={row} />;

/**
 * 远程控制联调 (/tbox/remoteJoint): the engineer's view — every command of a VIN (any kind) with
 * its state, the raw downlink frame the gateway wrote and the terminal's uplink answer as hex
 * (报文), each step's time, and a remote control sent to any VIN.
 */
export default function RemoteJointPage() {
  const t = useT();
  const kinds = catalogueEnum(t, "cmd.kind", api.COMMAND_KINDS);
  const states = catalogueEnum(t, "cmd.state", api.COMMAND_STATES, stateTones);
  return (
    <ListPage
      screen="remoteJoint"
      title={t("cmd.joint.heading")}
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
      titleExtra={sendExtra}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "id", title: t("cmd.id"), width: 90 },
        { key: "vin", title: t("cmd.vin"), width: 180 },
        enumColumn<Row>("kind", t("cmd.kind"), kinds.badges),
        enumColumn<Row>("state", t("cmd.state"), states.badges),
        dateTimeColumn<Row>("createdAt", t("cmd.createdAt")),
        dateTimeColumn<Row>("finishedAt", t("cmd.finishedAt")),
        { key: "reason", title: t("cmd.reason"), width: 200, render: (r) => r.reason ?? "" },
        actionsColumn<Row>(t("kit.actions"), rowButtons, 130),
      ]}
    />
  );
}
