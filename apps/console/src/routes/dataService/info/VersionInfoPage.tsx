import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, type Column, DataTable, Dialog, dateTimeColumn, enumColumn } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/ota";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import "../../../i18n/screens/ota";

type Row = api.VehicleVersion;
const SOURCES = ["query", "ota", "seed"] as const;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    firmware: d.textFilter(5),
  }),
);

const query = (f: { vin: string; firmware: string }) => ({
  ...(f.vin ? { vin: f.vin } : {}),
  ...(f.firmware ? { firmware: f.firmware } : {}),
});

const pair = (x: Row) => ({ hardware: x.hardwareVersion, firmware: x.firmwareVersion });

/** 历史: the VIN's journal, newest first; a row whose versions differ from the one before it is marked 变更. */
function HistoryButton({ row }: { row: Row }) {
  const t = useT();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [open, setOpen] = useState(false);
  const sources = catalogueEnum(t, "version.source", SOURCES);
  useEffect(() => {
    if (!open) return;
    const ac = new AbortController();
    api.listVehicleVersionHistory(row.vin, ac.signal).then(setRows, () => setRows([]));
    return () => ac.abort();
  }, [open, row.vin]);
  const list = rows ?? [];
  const columns: Column<Row>[] = [
    { key: "hardwareVersion", title: t("version.hardware"), width: 100, render: (r) => r.hardwareVersion ?? "" },
    { key: "firmwareVersion", title: t("version.firmware"), width: 100, render: (r) => r.firmwareVersion ?? "" },
    enumColumn<Row>("source", t("version.source"), sources.badges),
    dateTimeColumn<Row>("learntAt", t("version.learntAt")),
    {
      key: "vin",
      title: t("version.changed"),
      width: 70,
      render: (r) => {
        const before = list[list.indexOf(r) + 1];
        return d.versionChanged(before ? pair(before) : undefined, pair(r)) ? "✓" : "";
      },
    },
  ];
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("version.history")}
      </button>
      {open && (
        <Dialog open title={t("version.historyTitle", { vin: row.vin })} onClose={() => setOpen(false)} width={720}>
          <DataTable
            label={t("version.historyTitle", { vin: row.vin })}
            columns={columns}
            rows={list}
            loading={rows === null}
            rowKey={(r, i) => `${r.learntAt}-${i}`}
            height={300}
          />
        </Dialog>
      )}
    </>
  );
}

const rowButtons = (row: Row) => <HistoryButton row={row} />;

/**
 * 车辆版本信息 (/dataService/info): each vehicle's latest hardware and firmware version as
 * learnt from its terminal's answers (parameter queries, OTA read-backs), by VIN and firmware;
 * 历史 per VIN and 导出.
 */
export default function VersionInfoPage() {
  const t = useT();
  const sources = catalogueEnum(t, "version.source", SOURCES, { ota: "green", query: "blue", seed: "gray" });
  return (
    <ListPage
      screen="vehicleVersion"
      title={t("version.heading")}
      hint={t("version.hint")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listVehicleVersions({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportVehicleVersions", run: (f) => api.exportVehicleVersions(query(f)) }}
      search={[
        { kind: "vin", key: "vin", label: t("version.vin") },
        { kind: "text", key: "firmware", label: t("version.firmware") },
      ]}
      rowKey={(row) => row.vin}
      columns={[
        { key: "vin", title: t("version.vin"), width: 190 },
        { key: "hardwareVersion", title: t("version.hardware"), width: 110, render: (r) => r.hardwareVersion ?? "" },
        { key: "firmwareVersion", title: t("version.firmware"), width: 110, render: (r) => r.firmwareVersion ?? "" },
        enumColumn<Row>("source", t("version.source"), sources.badges),
        dateTimeColumn<Row>("learntAt", t("version.learntAt")),
        actionsColumn<Row>(t("kit.actions"), rowButtons, 90),
      ]}
    />
  );
}
