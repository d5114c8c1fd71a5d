import * as d from "@tsp/domain";
import { actionsColumn, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/vehicleModels";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { useListAddress } from "../../../kit/listAddress";
import { catalogueEnum, optionsOf } from "../../../kit/options";
import { EditButton } from "../../../kit/RowActions";
import { BranchesButton } from "./BranchesDialog";
import { treeFilterEntries, treeQuery, treeSearchFields, useTreeChoices } from "./catalogueSearch";
import { ModelActions } from "./ModelActions";
import { emptyModel, modelFields, useModelFormChoices } from "./modelForm";
import "../../../i18n/screens/vehicleInfo";

type Row = api.CatalogueModel;

const IN_USE = ["true", "false"] as const;
const filters = d.filterCodec(
  v.object({
    ...treeFilterEntries,
    powerType: d.choiceFilter(d.POWER_TYPES),
    emissionStage: d.choiceFilter(d.EMISSION_STAGES),
    inUse: d.choiceFilter(IN_USE),
  }),
);
type Search = v.InferOutput<typeof filters.schema>;

/** The filters as the list and export calls take them (empty ones left out). */
function query(f: Search): api.CatalogueFilters {
  return {
    ...treeQuery(f),
    ...(f.powerType ? { powerType: f.powerType } : {}),
    ...(f.emissionStage ? { emissionStage: f.emissionStage } : {}),
    ...(f.inUse ? { inUse: f.inUse === "true" } : {}),
  };
}

/**
 * 车型信息 (/baseInfo/vehicleInfo): the vehicle-model catalogue — manufacturer → brand → series →
 * model (the spec's four list calls) with the attributes an operator keeps per model (vehicle
 * name, power type, engine, e-drive controller, chassis, emission stage, fuel, masses; the
 * keyword searches suggest them) and how many of the tenant's vehicles are of each. Search,
 * page, detail, create, edit, delete, export; brands and series in their own dialog.
 */
export default function VehicleInfoPage() {
  const t = useT();
  const tree = useTreeChoices();
  const choices = useModelFormChoices();
  const address = useListAddress("vehicleInfo", filters).filters;
  const powers = catalogueEnum(t, "vmodel.power", d.POWER_TYPES, {
    BEV: "green",
    PHEV: "blue",
    EREV: "blue",
    FCEV: "green",
  });
  const stages = catalogueEnum(t, "vmodel.stage", d.EMISSION_STAGES, { NONE: "green", CN6B: "blue", CN6A: "blue" });
  const series = tree.series.map(({ value, label }) => ({ value, label }));
  const fields = modelFields(t, series, choices);
  const actions = (row: Row) => <ModelActions row={row} fields={fields} />;
  // 新增车型 where the caller keeps the catalogue (the rows say so), and the brands and series.
  const extra = (list: { rows: readonly Row[]; filters: Search }) => (
    <div className="flex items-center gap-2">
      {list.rows[0]?.editable && (
        <EditButton
          op="createCatalogueModel"
          label={t("vmodel.create")}
          title={t("vmodel.create")}
          fields={fields}
          schema={d.CatalogueModelFormSchema}
          initial={() => emptyModel(list.filters.seriesId) as never}
          save={(m) => api.createCatalogueModel(m)}
        />
      )}
      <BranchesButton oems={tree.oems} onChanged={tree.reload} />
    </div>
  );
  return (
    <ListPage
      screen="vehicleInfo"
      title={t("vmodel.heading")}
      hint={t("vmodel.hint")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listCatalogueModels({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportCatalogueModels", run: (f) => api.exportCatalogueModels(query(f)) }}
      titleExtra={extra}
      search={[
        ...treeSearchFields(t, tree, address),
        { kind: "choice", key: "powerType", label: t("vmodel.powerType"), options: powers.options },
        { kind: "choice", key: "emissionStage", label: t("vmodel.emissionStage"), options: stages.options },
        { kind: "choice", key: "inUse", label: t("vmodel.inUse"), options: optionsOf(t, "vmodel.inUse", IN_USE) },
      ]}
      rowKey={(row) => String(row.modelId)}
      columns={[
        { key: "brandName", title: t("vmodel.brand"), width: 80 },
        { key: "seriesName", title: t("vmodel.series"), width: 100 },
        { key: "modelName", title: t("vmodel.modelName"), ellipsis: true },
        { key: "vehicleName", title: t("vmodel.vehicleName"), width: 130, ellipsis: true },
        enumColumn<Row>("powerType", t("vmodel.powerType"), powers.badges, 120),
        enumColumn<Row>("emissionStage", t("vmodel.emissionStage"), stages.badges, 110),
        {
          key: "parts",
          title: `${t("vmodel.engineModel")} / ${t("vmodel.electricModel")}`,
          width: 180,
          ellipsis: true,
          text: (r) => [r.engineModel, r.electricModel].filter(Boolean).join(" / "),
        },
        { key: "vehicleCount", title: t("vmodel.vehicleCount"), width: 90, align: "right" },
        actionsColumn<Row>(t("kit.actions"), actions, 140),
      ]}
    />
  );
}
