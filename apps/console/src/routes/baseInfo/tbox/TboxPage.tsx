import * as d from "@tsp/domain";
import { actionsColumn, enumColumn, FormDialog, RemoteSelect, useToast } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/tboxRegister";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { ToolbarButton } from "./PickDialog";
import { TboxActions } from "./TboxActions";
import { NEW_TBOX, type TboxChoices, tboxFormFields } from "./TboxForm";
import "../../../i18n/screens/tbox";

const { textFilter: text, choiceFilter: choice } = d;
const filters = d.filterCodec(
  v.object({
    sn: text(17),
    model: text(50),
    protocol: choice(d.TBOX_PROTOCOLS),
    state: choice(d.TBOX_STATES),
    vin: text(17),
    iccid: text(20),
    bound: choice(["yes", "no"] as const),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
/** The filters as the list and export calls take them: an empty choice is not sent; bound as a boolean. */
function query(f: Filters): api.TboxFilters {
  const { bound, ...rest } = f;
  const sent = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== "")) as api.TboxFilters;
  return bound === "" ? sent : { ...sent, bound: bound === "yes" };
}
type Row = api.TboxRecord;

/** The serial box of the search: the spec's fuzzyFindTboxSn picker. */
const serialPicker = (label: string) => (value: string, onChange: (value: string) => void) => (
  <RemoteSelect
    label={label}
    maxLength={17}
    makeQuery={(keyWords, pageNum, pageSize) => ({ keyWords, pageNum, pageSize })}
    loader={api.tboxSerialPage}
    toOption={(o) => o}
    value={value || null}
    onChange={(sn) => onChange(sn ?? "")}
  />
);

/** The spec's lookups behind the form and the search: models, providers, free SIM cards. */
function useChoices(t: ReturnType<typeof useT>): TboxChoices {
  const [loaded, setLoaded] = useState<Pick<TboxChoices, "models" | "providers" | "cards">>({
    models: [],
    providers: [],
    cards: [],
  });
  useEffect(() => {
    const ctrl = new AbortController();
    void Promise.all([
      api.tboxModels(),
      api.tboxProviders(),
      api.simCardPage({ iccid: "", pageNum: 1, pageSize: 200 }, ctrl.signal),
    ]).then(
      ([models, providers, cards]) =>
        // Cards on a vehicle are labelled with it; the box suggests the free ones.
        setLoaded({ models, providers, cards: cards.list.filter((c) => c.label === c.value).map((c) => c.value) }),
      () => {
        // A failed lookup was toasted by the shell; the selects stay empty.
      },
    );
    return () => ctrl.abort();
  }, []);
  return {
    ...loaded,
    protocols: catalogueEnum(t, "tbox.protocol", d.TBOX_PROTOCOLS).options,
    states: catalogueEnum(t, "tbox.state", d.TBOX_STATES).options,
  };
}

/** TBOX数据 (/baseInfo/tbox): the tenant's T-BOX terminals — search, page, add, edit, bind, delete, import, export. */
export default function TboxPage() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const choices = useChoices(t);
  const [adding, setAdding] = useState(false);
  const protocols = catalogueEnum(t, "tbox.protocol", d.TBOX_PROTOCOLS);
  const states = catalogueEnum(t, "tbox.state", d.TBOX_STATES, {
    activated: "green",
    registered: "blue",
    deregistered: "red",
  });
  const bound = [
    { value: "yes", label: t("tbox.boundYes") },
    { value: "no", label: t("tbox.boundNo") },
  ];
  const actions = (row: Row) => <TboxActions row={row} choices={choices} />;
  const toolbar = (list: { reload: () => void }) =>
    can("createTbox") && (
      <>
        <ToolbarButton label={t("tbox.add")} onClick={() => setAdding(true)} />
        {adding && (
          <FormDialog
            open
            title={t("tbox.add")}
            fields={tboxFormFields(t, choices, false)}
            initial={NEW_TBOX}
            schema={d.TboxEditSchema}
            onClose={() => setAdding(false)}
            onSubmit={async (values) => {
              try {
                await api.createTbox(values);
              } catch (error) {
                return refusalByField(error) ?? {};
              }
              toast.success(t("kit.saved"));
              setAdding(false);
              list.reload();
              return null;
            }}
          />
        )}
      </>
    );
  return (
    <ListPage
      screen="tbox"
      title={t("tbox.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) => api.listTboxes({ ...query(f), pageNum, pageSize }, signal)}
      exportAs={{ op: "exportTboxes", run: (f) => api.exportTboxes(query(f)) }}
      importAs={{ ...api.tboxImport, title: t("tbox.import"), fillHint: t("tbox.importHint") }}
      titleExtra={toolbar}
      search={[
        {
          kind: "choice",
          key: "sn",
          label: t("tbox.sn"),
          remote: serialPicker(t("tbox.sn")),
        },
        { kind: "choice", key: "model", label: t("tbox.model"), options: choices.models },
        { kind: "choice", key: "protocol", label: t("tbox.protocol"), options: protocols.options },
        { kind: "choice", key: "state", label: t("tbox.state"), options: states.options },
        { kind: "text", key: "vin", label: t("tbox.vin") },
        { kind: "iccid", key: "iccid", label: t("tbox.iccid") },
        { kind: "choice", key: "bound", label: t("tbox.boundFilter"), options: bound },
      ]}
      rowKey={(row) => row.sn}
      columns={[
        { key: "sn", title: t("tbox.sn"), width: 150 },
        { key: "modelName", title: t("tbox.model"), width: 160, ellipsis: true },
        enumColumn<Row>("protocol", t("tbox.protocol"), protocols.badges, 116),
        { key: "firmwareVersion", title: t("tbox.firmwareVersion"), width: 100 },
        { key: "iccid", title: t("tbox.iccid"), width: 190 },
        { key: "vin", title: t("tbox.vin"), width: 170 },
        enumColumn<Row>("state", t("tbox.state"), states.badges, 84),
        { key: "productionDate", title: t("tbox.productionDate"), width: 104 },
        actionsColumn<Row>(t("kit.actions"), actions, 200),
      ]}
    />
  );
}
