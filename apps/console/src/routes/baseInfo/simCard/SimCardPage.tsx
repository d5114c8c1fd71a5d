import * as d from "@tsp/domain";
import { actionsColumn, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/baseInfo";
import type { SimCardRecord as Row } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { SimCardActions } from "./SimCardActions";

const { textFilter: text, choiceFilter: choice } = d;
const filters = d.filterCodec(
  v.object({
    iccid: text(20),
    msisdn: text(13),
    vin: text(17),
    carrier: choice(d.SIM_CARRIERS),
    status: choice(d.SIM_STATUSES),
    realnameStatus: choice(d.SIM_REALNAME_STATES),
    activationDateStart: text(10),
    activationDateEnd: text(10),
  }),
);
/** The filters as the list and export calls take them: a choice left at 全部 is not sent. */
const query = (f: v.InferOutput<typeof filters.schema>) =>
  Object.fromEntries(Object.entries(f).filter(([, value]) => value !== "")) as api.SimCardFilters;

/** SIM卡数据 (/baseInfo/simCard): the tenant's SIM cards — search, page, export, import, edit, delete. */
export default function SimCardPage() {
  const t = useT();
  const carriers = catalogueEnum(t, "sim.carrier", d.SIM_CARRIERS);
  const statuses = catalogueEnum(t, "sim.status", d.SIM_STATUSES, {
    active: "green",
    testing: "blue",
    cancelled: "red",
  });
  const realnames = catalogueEnum(t, "sim.realname", d.SIM_REALNAME_STATES, { approved: "green", rejected: "red" });
  const actions = (row: Row) => <SimCardActions row={row} carriers={carriers.options} statuses={statuses.options} />;
  return (
    <ListPage
      screen="simCard"
      title={t("sim.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) => api.listSimCards({ ...query(f), pageNum, pageSize }, signal)}
      exportAs={{ op: "exportSimCards", run: (f) => api.exportSimCards(query(f)) }}
      importAs={{ ...api.simCardImport, title: t("sim.import"), fillHint: t("sim.importHint") }}
      search={[
        { kind: "iccid", key: "iccid", label: t("sim.iccid") },
        { kind: "msisdn", key: "msisdn", label: t("sim.msisdn") },
        { kind: "text", key: "vin", label: t("sim.vin") },
        { kind: "choice", key: "carrier", label: t("sim.carrier"), options: carriers.options },
        { kind: "choice", key: "status", label: t("sim.status"), options: statuses.options },
        { kind: "choice", key: "realnameStatus", label: t("sim.realname"), options: realnames.options },
        { kind: "dayRange", keys: ["activationDateStart", "activationDateEnd"], label: t("sim.activationDate") },
      ]}
      rowKey={(row) => row.iccid}
      columns={[
        { key: "iccid", title: t("sim.iccid"), width: 190 },
        { key: "msisdn", title: t("sim.msisdn"), width: 130 },
        enumColumn<Row>("carrier", t("sim.carrier"), carriers.badges),
        enumColumn<Row>("status", t("sim.status"), statuses.badges),
        { key: "vin", title: t("sim.vin"), width: 180 },
        enumColumn<Row>("realnameStatus", t("sim.realname"), realnames.badges),
        { key: "activationDate", title: t("sim.activationDate"), width: 110 },
        { key: "usage", title: t("sim.usage"), width: 96, render: (r) => d.formatTrafficMb(r.monthUsageMb) },
        actionsColumn<Row>(t("kit.actions"), actions, 110),
      ]}
    />
  );
}
