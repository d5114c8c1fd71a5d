import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, dateTimeColumn, enumColumn } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { useCan } from "../../../permission/useCan";
import { stateTones } from "../commands/stateTones";
import { TimelineButton, TimelineDialog } from "../commands/TimelineDialog";
import { AvDialog } from "./AvDialog";
import "../../../i18n/screens/commands";
import "../../../i18n/screens/registersState";

type Row = api.Command;
const KINDS = ["avSet", "avQuery"] as const;

const filters = d.filterCodec(
  v.object({ vin: d.textFilter(17), kind: d.choiceFilter(KINDS), state: d.choiceFilter(api.COMMAND_STATES) }),
);

/** 设置音视频参数: needs both the read and the set permission (the form starts from the terminal's values). */
function SetButton() {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  const [watching, setWatching] = useState<string | null>(null);
  if (!can("sendAvQuery") || !can("sendAvSet")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("av.open")}
      </button>
      {open && (
        <AvDialog
          onClose={() => {
            setOpen(false);
            reload();
          }}
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

const setExtra = () => <SetButton />;
const rowButtons = (row: Row) => <TimelineButton vin={row.vin} />;

/**
 * 音视频参数设置 (/tbox/audioVideo): the JT/T 1078 audio/video parameters of JT/T 808 terminals —
 * 设置音视频参数 reads the terminal's current values first (0x8106 → 0x0104), then sends the
 * form, checked by @tsp/domain, as 0x8103 (answered 0x0001); the commands by VIN, kind and state
 * with each vehicle's timeline.
 */
export default function AudioVideoPage() {
  const t = useT();
  const states = catalogueEnum(t, "cmd.state", api.COMMAND_STATES, stateTones);
  const kinds = catalogueEnum(t, "av.kind", KINDS, { avSet: "blue", avQuery: "gray" });
  return (
    <ListPage
      screen="audioVideo"
      title={t("av.heading")}
      filters={filters}
      paging="numbered"
      poll={(rows) => (rows.some((r) => api.isOpen(r.state)) ? 3000 : null)}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listCommands(
          {
            kind: f.kind || "avSet",
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
        { kind: "choice", key: "kind", label: t("av.kindLabel"), options: kinds.options },
        { kind: "choice", key: "state", label: t("cmd.state"), options: states.options },
      ]}
      titleExtra={setExtra}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "id", title: t("cmd.id"), width: 90 },
        { key: "vin", title: t("cmd.vin"), width: 180 },
        enumColumn<Row>("kind", t("av.kindLabel"), kinds.badges, 130),
        enumColumn<Row>("state", t("cmd.state"), states.badges),
        { key: "sender", title: t("cmd.sender"), width: 100 },
        dateTimeColumn<Row>("createdAt", t("cmd.createdAt")),
        dateTimeColumn<Row>("finishedAt", t("cmd.finishedAt")),
        { key: "reason", title: t("cmd.reason"), width: 200, render: (r) => r.reason ?? "" },
        actionsColumn<Row>(t("kit.actions"), rowButtons, 100),
      ]}
    />
  );
}
