import * as d from "@tsp/domain";
import { actionsColumn, dateTimeColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/fleet";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { fleetActions, fleetColumns } from "../../operate/screen/FleetScreenPage";

const filters = d.filterCodec(v.object({ vin: d.textFilter(17) }));
type Row = api.FollowedRow;

/**
 * 我的关注 (/personal/follow, issue 18): the vehicles the signed-in account follows, newest follow
 * first, with their latest state; 详情 opens 车辆详情, 取消关注 drops one. Vehicles are followed
 * from 高级筛选, 车辆详细信息 and 车辆详情; they come first in 高级筛选's list.
 */
export default function FollowPage() {
  const t = useT();
  return (
    <ListPage
      screen="follow"
      title={t("follow.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listFollowed({ ...(f.vin ? { vin: f.vin.trim().toUpperCase() } : {}), pageNum, pageSize }, signal)
      }
      search={[{ kind: "text", key: "vin", label: t("fleet.vin") }]}
      emptyText={t("follow.noRows")}
      rowKey={(row) => row.vin}
      columns={[
        ...fleetColumns(t),
        dateTimeColumn<Row>("followedAt", t("follow.followedAt")),
        actionsColumn<Row>(t("kit.actions"), fleetActions(t), 180),
      ]}
    />
  );
}
