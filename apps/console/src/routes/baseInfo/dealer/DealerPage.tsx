import * as d from "@tsp/domain";
import {
  actionsColumn,
  buttonClass,
  enumColumn,
  RegionTreeSelect,
  RemoteSelect,
  type SearchField,
  type SelectOption,
} from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/dealers";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { useCan } from "../../../permission/useCan";
import { DealerActions } from "./DealerActions";
import { DealerForm } from "./DealerForm";
import "../../../i18n/screens/dealer";

type Row = api.DealerRecord;
const { textFilter: text, choiceFilter: choice } = d;
const filters = d.filterCodec(
  v.object({
    dealerCode: text(20),
    dealerName: text(60),
    kind: choice(d.DEALER_KINDS),
    parentCode: text(20),
    areaId: text(6),
    status: choice(d.OUTLET_STATUSES),
  }),
);
/** The filters as the list and export calls take them: an empty choice is not sent. */
const query = (f: v.InferOutput<typeof filters.schema>) =>
  Object.fromEntries(Object.entries(f).filter(([, value]) => value !== "")) as api.DealerFilters;

/** 新增 beside the heading, with the create call's permission. */
function CreateDealer({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can("createDealer")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("dealer.create")}
      </button>
      {open && (
        <DealerForm
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

/** The search form: region on comm-data's tree, the parent dealer picked by name (findList). */
const dealerSearch = (t: Translate, kinds: SelectOption[], statuses: SelectOption[]): SearchField[] => [
  { kind: "text", key: "dealerCode", label: t("dealer.code") },
  { kind: "text", key: "dealerName", label: t("dealer.name") },
  { kind: "choice", key: "kind", label: t("dealer.kind"), options: kinds },
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
  {
    kind: "choice",
    key: "parentCode",
    label: t("dealer.parent"),
    remote: (value, onChange) => (
      <RemoteSelect
        label={t("dealer.parent")}
        makeQuery={(dealerName, pageNum, pageSize) => ({ dealerName, pageNum, pageSize })}
        loader={api.findDealers}
        toOption={(x) => ({ value: x.dealerCode, label: `${x.dealerName}（${x.dealerCode}）` })}
        value={value || null}
        onChange={(code) => onChange(code ?? "")}
      />
    ),
  },
  { kind: "choice", key: "status", label: t("outlet.status"), options: statuses },
];

/** The heading's 新增, reloading the list after a save. */
const createDealerButton = (list: { reload: () => void }) => <CreateDealer onSaved={list.reload} />;

/**
 * 经销商信息 (/baseInfo/dealer): the tenant's sales network — selling dealers and the secondary
 * dealers under them, by region. Search (the region on comm-data's tree, the parent picked from
 * findList), page, detail (with the district's other dealers, findDealerByRegion), create, edit,
 * delete, export, import.
 */
export default function DealerPage() {
  const t = useT();
  const kinds = catalogueEnum(t, "dealer.kind", d.DEALER_KINDS, { sale: "blue" });
  const statuses = catalogueEnum(t, "outlet.status", d.OUTLET_STATUSES, { open: "green", closed: "gray" });
  const actions = (row: Row) => <DealerActions row={row} kinds={kinds.options} statuses={statuses.options} />;
  return (
    <ListPage
      screen="dealer"
      title={t("dealer.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) => api.listDealers({ ...query(f), pageNum, pageSize }, signal)}
      exportAs={{ op: "exportDealers", run: (f) => api.exportDealers(query(f)) }}
      importAs={{ ...api.dealerImport, title: t("dealer.import"), fillHint: t("dealer.importHint") }}
      titleExtra={createDealerButton}
      search={dealerSearch(t, kinds.options, statuses.options)}
      rowKey={(row) => row.dealerCode}
      columns={[
        { key: "dealerCode", title: t("dealer.code"), width: 130 },
        { key: "dealerName", title: t("dealer.name"), width: 220 },
        enumColumn<Row>("kind", t("dealer.kind"), kinds.badges),
        { key: "parentName", title: t("dealer.parent"), width: 200 },
        { key: "areaName", title: t("outlet.region"), width: 180 },
        { key: "contactName", title: t("dealer.contactName"), width: 90 },
        { key: "contactPhone", title: t("dealer.contactPhone"), width: 130 },
        { key: "brands", title: t("dealer.brands"), width: 120, render: (r) => r.brandNames.join("、") },
        enumColumn<Row>("status", t("outlet.status"), statuses.badges),
        actionsColumn<Row>(t("kit.actions"), actions, 196),
      ]}
    />
  );
}
