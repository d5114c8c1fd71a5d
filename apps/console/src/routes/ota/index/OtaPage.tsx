import * as d from "@tsp/domain";
import { actionsColumn, dateTimeColumn, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/ota";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { CampaignActions } from "./CampaignActions";
import { NewCampaignButton } from "./NewCampaignButton";
import { PackagesButton } from "./PackagesButton";
import "../../../i18n/screens/ota";

type Row = api.OtaCampaign;

const filters = d.filterCodec(
  v.object({
    keyword: d.textFilter(50),
    state: d.choiceFilter(api.CAMPAIGN_STATES),
  }),
);

const extra = () => (
  <>
    <PackagesButton />
    <NewCampaignButton />
  </>
);
const rowButtons = (row: Row) => <CampaignActions row={row} />;

/**
 * OTA升级 (/ota/index, designed — the spec shows no OTA screen): upgrade campaigns with their
 * progress (refreshed every 3 s while one runs), 升级包管理 (upload, list, delete), 新建升级任务,
 * and per campaign 升级进度 / 启动 / 取消任务.
 */
export default function OtaPage() {
  const t = useT();
  const states = catalogueEnum(t, "ota.state", api.CAMPAIGN_STATES, {
    draft: "gray",
    running: "blue",
    finished: "green",
    cancelled: "amber",
  });
  return (
    <ListPage
      screen="ota"
      title={t("ota.heading")}
      hint={t("ota.hint")}
      filters={filters}
      paging="numbered"
      poll={(rows) => (rows.some((r) => r.state === "running") ? 3000 : null)}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listOtaCampaigns(
          {
            ...(f.keyword ? { keyword: f.keyword } : {}),
            ...(f.state ? { state: f.state as api.OtaCampaignState } : {}),
            pageNum,
            pageSize,
          },
          signal,
        )
      }
      search={[
        { kind: "text", key: "keyword", label: t("ota.keyword") },
        { kind: "choice", key: "state", label: t("ota.state"), options: states.options },
      ]}
      titleExtra={extra}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "name", title: t("ota.name"), width: 150 },
        { key: "packageName", title: t("ota.package"), width: 140 },
        { key: "firmwareVersion", title: t("ota.firmware"), width: 100 },
        enumColumn<Row>("state", t("ota.state"), states.badges),
        {
          key: "progress",
          title: t("ota.progress"),
          width: 90,
          render: (r) => t("ota.progressOf", { done: r.progress.success, total: r.vehicleCount }),
        },
        { key: "vehicleCount", title: t("ota.failedCount"), width: 60, render: (r) => String(r.progress.failed) },
        { key: "createdBy", title: t("ota.createdBy"), width: 80 },
        dateTimeColumn<Row>("createdAt", t("ota.createdAt")),
        actionsColumn<Row>(t("kit.actions"), rowButtons, 180),
      ]}
    />
  );
}
