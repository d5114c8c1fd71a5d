import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, enumColumn, RegionTreeSelect, type SearchField, type SelectOption } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/dealers";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { useCan } from "../../../permission/useCan";
import { StationActions } from "./StationActions";
import { StationForm } from "./StationForm";
import "../../../i18n/screens/dealer";
import "../../../i18n/screens/serviceStation";

type Row = api.StationRecord;
const { textFilter: text, choiceFilter: choice } = d;
const filters = d.filterCodec(
  v.object({
    stationCode: text(20),
    stationName: text(60),
    areaId: text(6),
    serviceType: choice(d.STATION_SERVICE_TYPES),
    level: choice(d.STATION_LEVELS),
    status: choice(d.OUTLET_STATUSES),
  }),
);
const query = (f: v.InferOutput<typeof filters.schema>) =>
  Object.fromEntries(Object.entries(f).filter(([, value]) => value !== "")) as api.StationFilters;

/** 新增 beside the heading, with the create call's permission. */
function CreateStation({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can("createServiceStation")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("station.create")}
      </button>
      {open && (
        <StationForm
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
        />
      )}
    </>
  );
}

/** The search form: region on comm-data's tree, service, class, state. */
const stationSearch = (
  t: Translate,
  services: SelectOption[],
  levels: SelectOption[],
  statuses: SelectOption[],
): SearchField[] => [
  { kind: "text", key: "stationCode", label: t("station.code") },
  { kind: "text", key: "stationName", label: t("station.name") },
  {
    kind: "choice",
    key: "areaId",
    label: t("outlet.region"),
    remote: (value, onChange) => (
      <RegionTreeSelect
        label={t("outlet.region")}
        loader={api.regionList}
        value={value || null}
        onChange={(areaId) => onChange(areaId ?? "")}
      />
    ),
  },
  { kind: "choice", key: "serviceType", label: t("station.services"), options: services },
  { kind: "choice", key: "level", label: t("station.level"), options: levels },
  { kind: "choice", key: "status", label: t("outlet.status"), options: statuses },
];

/** The heading's 新增, reloading the list after a save. */
const createStationButton = (list: { reload: () => void }) => <CreateStation onSaved={list.reload} />;

/**
 * 服务站信息 (/baseInfo/serviceStation): the tenant's authorised after-sales stations — search by
 * code, name, region, service, class and state; page, detail, create, edit, delete, export,
 * import with its per-row report.
 */
export default function ServiceStationPage() {
  const t = useT();
  const services = catalogueEnum(t, "station.service", d.STATION_SERVICE_TYPES);
  const levels = catalogueEnum(t, "station.level", d.STATION_LEVELS, { class1: "blue" });
  const statuses = catalogueEnum(t, "outlet.status", d.OUTLET_STATUSES, { open: "green", closed: "gray" });
  const actions = (row: Row) => <StationActions row={row} levels={levels.options} statuses={statuses.options} />;
  return (
    <ListPage
      screen="serviceStation"
      title={t("station.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) => api.listStations({ ...query(f), pageNum, pageSize }, signal)}
      exportAs={{ op: "exportServiceStations", run: (f) => api.exportStations(query(f)) }}
      importAs={{ ...api.stationImport, title: t("station.import"), fillHint: t("station.importHint") }}
      titleExtra={createStationButton}
      search={stationSearch(t, services.options, levels.options, statuses.options)}
      rowKey={(row) => row.stationCode}
      columns={[
        { key: "stationCode", title: t("station.code"), width: 130 },
        { key: "stationName", title: t("station.name"), width: 220 },
        { key: "areaName", title: t("outlet.region"), width: 180 },
        { key: "servicePhone", title: t("station.phone"), width: 130 },
        {
          key: "serviceTypes",
          title: t("station.services"),
          width: 200,
          render: (r) => r.serviceTypes.map((s) => t(`station.service.${s}`)).join("、"),
        },
        { key: "brands", title: t("station.brands"), width: 120, render: (r) => r.brandNames.join("、") },
        enumColumn<Row>("level", t("station.level"), levels.badges),
        enumColumn<Row>("status", t("outlet.status"), statuses.badges),
        actionsColumn<Row>(t("kit.actions"), actions, 196),
      ]}
    />
  );
}
