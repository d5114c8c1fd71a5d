import * as d from "@tsp/domain";
import { actionsColumn, type Column, enumColumn, type SelectOption } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/monitor";
import type { MonitorEntry as Row } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { DeleteButton } from "../../../kit/RowActions";
import { Permitted } from "../../../permission/Permitted";
import { useCan } from "../../../permission/useCan";
import { AddVehiclesButton } from "./AddVehiclesDialog";
import { InformButton } from "./InformDialog";
import { RemoveSelectedButton, SelectPage } from "./RemoveSelected";
import { entryKey, typeOf } from "./selection";
import "../../../i18n/screens/monitor";

const TYPES = d.MONITOR_TYPES.map(String) as ["1", "2", "3"];
const filters = d.filterCodec(v.object({ vin: d.textFilter(17), type: d.choiceFilter(TYPES) }));

/**
 * 车辆监控列表 (/newCarMonitor/monitorList): the tenant's watched vehicles with their live state
 * (GB/T 32960 login/logout frames, alarm level) — search by VIN and kind of watch, numbered
 * pages, add one VIN or a pasted list, remove one or the selected entries, and the notification
 * setting. No export: the spec has none for this list, and it is a short working list.
 */
export default function MonitorListPage() {
  const t = useT();
  const can = useCan();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const types = catalogueEnum(t, "monitor.type", TYPES, { "1": "blue", "2": "gray", "3": "amber" });
  const online = catalogueEnum(t, "monitor.online", ["true", "false"], { true: "green" });
  const levels = catalogueEnum(t, "monitor.alarmLevel", ["0", "1", "2", "3"], {
    "0": "green",
    "1": "blue",
    "2": "amber",
    "3": "red",
  });
  const typeLabel = (row: Row) => types.badges[String(row.type)]?.label ?? String(row.type);
  const toggle = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const selectColumn: Column<Row> = {
    key: "select",
    title: "",
    width: 36,
    render: (row) => (
      <input
        type="checkbox"
        className="size-4 accent-blue-600"
        aria-label={t("monitor.select", { vin: row.vin, type: typeLabel(row) })}
        checked={selected.has(entryKey(row))}
        onChange={(e) => toggle(entryKey(row), e.target.checked)}
      />
    ),
  };
  const canRemove = can("deleteNerMonitor");
  const toolbar = (list: { rows: readonly Row[]; filters: { type: string } }) => (
    <MonitorToolbar
      rows={list.rows}
      selected={selected}
      onSelect={setSelected}
      canRemove={canRemove}
      types={types.options}
      initialType={list.filters.type || "1"}
      typeLabel={typeLabel}
    />
  );
  const actions = (row: Row) => (
    <DeleteButton
      op="deleteNerMonitor"
      name={`${row.vin}（${typeLabel(row)}）`}
      remove={() => api.deleteMonitor([row.vin], row.type)}
    />
  );
  return (
    <ListPage
      screen="monitorList"
      title={t("monitor.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listMonitor(
          {
            pageNum,
            pageSize,
            ...(f.vin ? { vin: d.normalizeVin(f.vin) } : {}),
            ...(f.type ? { type: typeOf(f.type) } : {}),
          },
          signal,
        )
      }
      search={[
        { kind: "text", key: "vin", label: t("monitor.vin") },
        { kind: "choice", key: "type", label: t("monitor.type"), options: types.options },
      ]}
      titleExtra={toolbar}
      rowKey={entryKey}
      columns={[
        ...(canRemove ? [selectColumn] : []),
        {
          key: "vin",
          title: t("monitor.vinPlate"),
          width: 184,
          text: (row) => `${row.vin} ${row.plateNo ?? ""}`.trim(),
          render: (row) => (
            <span className="flex flex-col leading-tight">
              <span className="font-mono text-[13px]">{row.vin}</span>
              <span className="text-xs text-gray-500">{row.plateNo ?? "—"}</span>
            </span>
          ),
        },
        { key: "modelName", title: t("monitor.model"), ellipsis: true },
        enumColumn<Row>("type", t("monitor.type"), types.badges, 100),
        enumColumn<Row>("online", t("monitor.online"), online.badges, 72),
        twoTimes("lastLoginTime", "lastReportTime", t("monitor.lastLoginReport")),
        enumColumn<Row>("alarmLevel", t("monitor.alarmLevel"), levels.badges, 84),
        {
          key: "createdAt",
          title: t("monitor.addedBy"),
          width: 164,
          render: (row) => (
            <span className="flex flex-col leading-tight">
              <span>{row.createdBy}</span>
              <span className="text-xs text-gray-500">{d.formatDateTimeText(row.createdAt)}</span>
            </span>
          ),
        },
        actionsColumn<Row>(t("kit.actions"), actions, 64),
      ]}
    />
  );
}

/** A time of the list, or — when there is none. */
const timeText = (ms: number | null) => d.formatDateTimeText(ms) || "—";

/** The last login over the last report in one column (the table has no room for both side by side). */
function twoTimes(first: "lastLoginTime", second: "lastReportTime", title: string): Column<Row> {
  return {
    key: first,
    title,
    width: 164,
    text: (row) => `${timeText(row[first])} / ${timeText(row[second])}`,
    render: (row) => (
      <span className="flex flex-col leading-tight">
        <span>{timeText(row[first])}</span>
        <span className="text-xs text-gray-500">{timeText(row[second])}</span>
      </span>
    ),
  };
}

/** Beside the heading: select the page and remove the selection (with the delete permission), 通知设置, 添加车辆. */
function MonitorToolbar(props: {
  rows: readonly Row[];
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
  canRemove: boolean;
  types: readonly SelectOption[];
  initialType: string;
  typeLabel: (row: Row) => string;
}) {
  const shown = props.rows.filter((r) => props.selected.has(entryKey(r)));
  return (
    <div className="flex flex-wrap items-center gap-2">
      {props.canRemove && (
        <>
          <SelectPage rows={props.rows} selected={props.selected} onChange={props.onSelect} />
          <RemoveSelectedButton
            entries={shown}
            typeLabel={props.typeLabel}
            onRemoved={() => props.onSelect(new Set())}
          />
        </>
      )}
      <InformButton />
      <Permitted op="insertNerMonitor">
        <AddVehiclesButton types={props.types} initialType={props.initialType} />
      </Permitted>
    </div>
  );
}
