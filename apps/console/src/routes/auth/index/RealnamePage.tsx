import * as d from "@tsp/domain";
import { actionsColumn, dateTimeColumn, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/realname";
import type { RealnameRow as Row } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { RealnameActions } from "./RealnameActions";
import "../../../i18n/screens/realname";

const filters = d.filterCodec(v.object({ vin: d.textFilter(17), status: d.choiceFilter(d.REALNAME_STATES) }));

/** A row's actions column cell. */
const actions = (row: Row) => <RealnameActions row={row} />;

/**
 * 实名认证 (/auth/index): the tenant's vehicles with their SIM card's real-name state — search by
 * VIN and state; per row 详情 (material, photos, history; 通过 / 驳回 for reviewers) and
 * 提交认证 for cards not yet authenticated or rejected.
 */
export default function RealnamePage() {
  const t = useT();
  const states = catalogueEnum(t, "realname.status", d.REALNAME_STATES, {
    pending: "blue",
    approved: "green",
    rejected: "red",
  });
  const owners = catalogueEnum(t, "realname.ownerType", d.REALNAME_OWNER_TYPES);
  return (
    <ListPage
      screen="realname"
      title={t("realname.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listRealname({ vin: f.vin || undefined, status: f.status || undefined, pageNum, pageSize }, signal)
      }
      search={[
        { kind: "text", key: "vin", label: t("realname.vin") },
        { kind: "choice", key: "status", label: t("realname.status"), options: states.options },
      ]}
      rowKey={(row) => row.iccid}
      columns={[
        { key: "vin", title: t("realname.vin"), width: 170 },
        // The MSISDN is in the detail: the row stays within a laptop's width.
        { key: "iccid", title: t("realname.iccid"), width: 185 },
        enumColumn<Row>("status", t("realname.status"), states.badges, 88),
        enumColumn<Row>("ownerType", t("realname.ownerType"), owners.badges, 80),
        { key: "ownerName", title: t("realname.owner"), width: 130 },
        dateTimeColumn<Row>("authTime", t("realname.authTime"), 160),
        actionsColumn<Row>(t("kit.actions"), actions, 160),
      ]}
    />
  );
}
