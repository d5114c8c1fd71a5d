import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, dateTimeColumn } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/enclosure";
import { useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { DeleteButton } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { ToolbarButton } from "../../baseInfo/tbox/PickDialog";
import { FenceDialog } from "./FenceDialog";
import { FenceEvents } from "./FenceEvents";
import "../../../i18n/screens/enclosure";
import "../../../i18n/screens/operateAlarms";

const filters = d.filterCodec(v.object({ name: d.textFilter(20), vin: d.textFilter(17) }));
type Row = api.Enclosure;

function FenceActions({ row }: { row: Row }) {
  const reload = useListReload();
  const t = useT();
  const can = useCan();
  const [open, setOpen] = useState<"events" | "edit" | null>(null);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen("events")}>
        {t("fence.events")}
      </button>
      {can("updateEnclosure") && (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen("edit")}>
          {t("fence.edit")}
        </button>
      )}
      <DeleteButton op="deleteEnclosure" name={row.name} remove={() => api.deleteEnclosure(row.id)} />
      {open === "events" && <FenceEvents fence={row} onClose={() => setOpen(null)} />}
      {open === "edit" && (
        <FenceDialog
          fence={row}
          save={(body) => api.updateEnclosure(row.id, body)}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            reload();
          }}
        />
      )}
    </>
  );
}

const fenceActions = (row: Row) => <FenceActions row={row} />;

/**
 * 电子围栏 (/enclosure/index): the tenant's geofences — search by name or bound VIN, 新建围栏 and
 * 编辑 on the geofence editor (circle or polygon, the spec's encoding; typed coordinates as the
 * keyboard path), 删除, 事件 (enter/exit/overspeed computed on ingest, with export). Alarms go
 * to 故障报警 and the creator's 个人消息.
 */
export default function EnclosurePage() {
  const t = useT();
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const toolbar = (list: { reload: () => void }) =>
    can("createEnclosure") && (
      <>
        <ToolbarButton label={t("fence.add")} onClick={() => setAdding(true)} />
        {adding && (
          <FenceDialog
            fence={null}
            save={api.createEnclosure}
            onClose={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              list.reload();
            }}
          />
        )}
      </>
    );
  return (
    <ListPage
      screen="enclosure"
      title={t("fence.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listEnclosures(
          { ...(f.name ? { name: f.name } : {}), ...(f.vin ? { vin: f.vin } : {}), pageNum, pageSize },
          signal,
        )
      }
      titleExtra={toolbar}
      search={[
        { kind: "text", key: "name", label: t("fence.name") },
        { kind: "text", key: "vin", label: t("fence.vin") },
      ]}
      emptyText={t("fence.noRows")}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "name", title: t("fence.name"), width: 160 },
        { key: "type", title: t("fence.shape"), width: 80, render: (r: Row) => t(`fence.shape.${r.type}`) },
        { key: "rule", title: t("fence.rule"), width: 110, render: (r: Row) => t(`fence.rule.${r.rule}`) },
        { key: "window", title: t("fence.window"), width: 110, render: (r: Row) => r.window || t("fence.allDay") },
        { key: "speedLimit", title: t("fence.speedLimit"), width: 90, render: (r: Row) => r.speedLimit ?? "—" },
        {
          key: "level",
          title: t("fence.level"),
          width: 80,
          render: (r: Row) => t(`alarm.level.${r.level}` as "alarm.level.1"),
        },
        {
          key: "bound",
          title: t("fence.bound"),
          width: 150,
          render: (r: Row) => t("fence.boundText", { vins: r.vins.length, groups: r.groups.length }),
        },
        { key: "eventCount", title: t("fence.events"), width: 70 },
        { key: "owner", title: t("fence.owner"), width: 90 },
        dateTimeColumn<Row>("updatedAt", t("fence.updatedAt")),
        actionsColumn<Row>(t("kit.actions"), fenceActions, 170),
      ]}
    />
  );
}
