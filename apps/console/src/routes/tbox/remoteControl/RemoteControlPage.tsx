import * as d from "@tsp/domain";
import { actionsColumn, buttonClass } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { TimelineButton, TimelineDialog } from "../commands/TimelineDialog";
import { Jt808DoorButton } from "./Jt808DoorButton";
import { RemoteDialog, usePermittedActions } from "./RemoteDialog";
import "../../../i18n/screens/commands";

type Row = Awaited<ReturnType<typeof api.listAebsVehicles>>["list"][number];

const filters = d.filterCodec(v.object({ vin: d.textFilter(17) }));

function RowButtons({ row }: { row: Row }) {
  const t = useT();
  const actions = usePermittedActions();
  const [open, setOpen] = useState<"send" | "timeline" | null>(null);
  return (
    <>
      {actions.length > 0 && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("send")}>
          {t("cmd.remote.send")}
        </button>
      )}
      <TimelineButton vin={row.vin} />
      {open === "send" && (
        <RemoteDialog vin={row.vin} onClose={() => setOpen(null)} onSent={() => setOpen("timeline")} />
      )}
      {open === "timeline" && <TimelineDialog vin={row.vin} onClose={() => setOpen(null)} />}
    </>
  );
}

const rowButtons = (row: Row) => <RowButtons row={row} />;
const doorExtra = () => <Jt808DoorButton />;

/**
 * 远程控制 (/tbox/remoteControl): the vehicles with an AEBS configuration (the spec's
 * getExistVinList) by VIN; per vehicle 远程控制 — lock/unlock, find car, climate, windows, engine,
 * each group behind its own permission (the designed GB/T 32960 0x82 · 0x80) — and its timeline,
 * which opens after sending to watch queued → sent → acknowledged → success. JT/T 808车门控制 (title
 * button) locks or unlocks a JT/T 808 vehicle's doors by VIN (0x8500, its own permission).
 */
export default function RemoteControlPage() {
  const t = useT();
  return (
    <ListPage
      screen="remoteControl"
      title={t("cmd.remote.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listAebsVehicles({ ...(f.vin ? { vin: f.vin } : {}), pageNum, pageSize }, signal)
      }
      search={[{ kind: "text", key: "vin", label: t("cmd.vin") }]}
      titleExtra={doorExtra}
      rowKey={(row) => row.vin}
      columns={[
        { key: "vin", title: t("cmd.vin"), width: 180 },
        { key: "plateNo", title: t("cmd.remote.plate"), width: 110, render: (r) => r.plateNo ?? "" },
        { key: "modelName", title: t("cmd.remote.model"), width: 220, render: (r) => r.modelName ?? "" },
        actionsColumn<Row>(t("kit.actions"), rowButtons, 160),
      ]}
    />
  );
}
