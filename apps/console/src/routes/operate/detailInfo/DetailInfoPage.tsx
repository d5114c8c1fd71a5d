import * as d from "@tsp/domain";
import { actionsColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/fleet";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { fleetActions, fleetColumns } from "../screen/FleetScreenPage";

const filters = d.filterCodec(v.object({ codes: d.codesFilter(), vin: d.textFilter(17), plate: d.textFilter(16) }));

/**
 * 车辆详细信息 (/operate/detailInfo): the list of the tenant's vehicles with their master data
 * (brand tree place, plate) and latest state, searched by brand tree, VIN and plate — 高级筛选's
 * call without the state conditions; 详情 opens 车辆详情 (/operate/details?vin), the one
 * vehicle's full page. Followed vehicles first.
 */
export default function DetailInfoPage() {
  const t = useT();
  return (
    <ListPage
      screen="detailInfo"
      title={t("detailInfo.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) => {
        const [brandId, seriesId, modelId] = f.codes.map(Number);
        return api.listFleet(
          {
            ...(brandId ? { brandId } : {}),
            ...(seriesId ? { seriesId } : {}),
            ...(modelId ? { modelId } : {}),
            ...(f.vin ? { vin: f.vin.trim().toUpperCase() } : {}),
            ...(f.plate ? { plate: f.plate.trim() } : {}),
            pageNum,
            pageSize,
          },
          signal,
        );
      }}
      hint={t("detailInfo.hint")}
      search={[
        { kind: "codes", key: "codes", label: t("fleet.brand"), loader: api.brandTreeList },
        { kind: "text", key: "vin", label: t("fleet.vin") },
        { kind: "text", key: "plate", label: t("fleet.plate") },
      ]}
      emptyText={t("fleet.noRows")}
      rowKey={(row) => row.vin}
      columns={[...fleetColumns(t), actionsColumn<api.FleetRow>(t("kit.actions"), fleetActions(t), 180)]}
    />
  );
}
