import * as d from "@tsp/domain";
import { actionsColumn, type SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/vehicleModels";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { useListAddress } from "../../../kit/listAddress";
import { treeFilterEntries, treeQuery, treeSearchFields, useTreeChoices } from "../vehicleInfo/catalogueSearch";
import { AbilityActions, serviceName } from "./AbilityActions";
import "../../../i18n/screens/vehicleAbility";
import "../../../i18n/screens/vehicleInfo";

type Row = api.ModelAbility;

const filters = d.filterCodec(v.object({ ...treeFilterEntries, serviceCode: d.textFilter(50) }));
type Search = v.InferOutput<typeof filters.schema>;

const query = (f: Search): api.AbilityFilters => ({
  ...treeQuery(f),
  ...(f.serviceCode ? { serviceCode: f.serviceCode } : {}),
});

/** The service catalogue (GET /tsp-bss/search/getServiceList), loaded once per screen. */
function useServices(): SelectOption[] {
  const [services, setServices] = useState<SelectOption[]>([]);
  useEffect(() => {
    let live = true;
    api
      .serviceCatalogue()
      .then((s) => live && setServices(s))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return services;
}

/**
 * 车型能力 (/baseInfo/vehicleAbility): per catalogue model, the remote services and data it
 * supports, ticked from the service catalogue — search (the brand tree, a service), page,
 * detail, the checklist, copy to other models, export, import with its per-row report. Remote
 * commands read the same lists through @tsp/domain's `modelSupportsService`.
 */
export default function VehicleAbilityPage() {
  const t = useT();
  const tree = useTreeChoices();
  const services = useServices();
  const address = useListAddress("vehicleAbility", filters).filters;
  const models = tree.models.map(({ value, label }) => ({ value, label }));
  const actions = (row: Row) => <AbilityActions row={row} services={services} models={models} />;
  return (
    <ListPage
      screen="vehicleAbility"
      title={t("vability.heading")}
      hint={t("vability.hint")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listModelAbilities({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportModelAbilities", run: (f) => api.exportModelAbilities(query(f)) }}
      importAs={{ ...api.modelAbilityImport, title: t("vability.import"), fillHint: t("vability.importHint") }}
      search={[
        ...treeSearchFields(t, tree, address),
        { kind: "choice", key: "serviceCode", label: t("vability.service"), options: services },
      ]}
      rowKey={(row) => String(row.modelId)}
      columns={[
        { key: "brandName", title: t("vmodel.brand"), width: 90 },
        { key: "seriesName", title: t("vmodel.series"), width: 110 },
        { key: "modelName", title: t("vmodel.modelName"), width: 240, ellipsis: true },
        {
          key: "powerType",
          title: t("vmodel.powerType"),
          width: 110,
          render: (r) => (r.powerType ? t(`vmodel.power.${r.powerType}`) : ""),
        },
        {
          key: "services",
          title: t("vability.services"),
          // Wrapped, not an ellipsis cell: a list of names is read whole (and the kit's ellipsis
          // label cuts at 40 characters, which axe reports as a name/content mismatch).
          render: (r) =>
            r.services.length > 0 ? (
              <span className="text-xs leading-5">{r.services.map((c) => serviceName(services, c)).join("、")}</span>
            ) : (
              <span className="text-gray-500">{t("vability.none")}</span>
            ),
        },
        actionsColumn<Row>(t("kit.actions"), actions, 190),
      ]}
    />
  );
}
