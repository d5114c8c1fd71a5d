import * as d from "@tsp/domain";
import { actionsColumn, dateTimeColumn, ellipsisColumn, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/registrations";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { HistoryButton } from "./RegistrationHistory";
import "../../../i18n/screens/registersState";

type Row = api.TerminalRegistration;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    terminalId: d.textFilter(30),
    phone: d.textFilter(20),
    stage: d.choiceFilter(d.REGISTRATION_STAGES),
    start: d.timeFilter(),
    end: d.timeFilter(),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;

const query = (f: Filters): api.RegistrationFilters => ({
  ...(f.vin ? { vin: f.vin } : {}),
  ...(f.terminalId ? { terminalId: f.terminalId } : {}),
  ...(f.phone ? { phone: f.phone } : {}),
  ...(f.stage ? { stage: f.stage } : {}),
  ...(f.start !== null ? { startTime: f.start } : {}),
  ...(f.end !== null ? { endTime: f.end } : {}),
});

const rowButtons = (row: Row) => <HistoryButton sn={row.sn} />;

/**
 * TBOX注册状态查询 (/tbox/registersState): each T-BOX of the register with its stage — 未注册,
 * 注册/鉴权被拒, 已注册未鉴权, 已鉴权（离线）, 在线 (@tsp/domain registrationStage) —, its newest
 * register / authenticate / login message with the standard's result (0x8100: 成功, 车辆已被注册,
 * 数据库中无该车辆, 终端已被注册, 数据库中无该终端) and the gateway's reason; 注册记录 opens the history.
 */
export default function RegistersStatePage() {
  const t = useT();
  const stages = catalogueEnum(t, "reg.stage", d.REGISTRATION_STAGES, {
    unregistered: "gray",
    refused: "red",
    registered: "amber",
    authenticated: "blue",
    online: "green",
  });
  const yesNo = (b: boolean) => t(b ? "reg.yes" : "reg.no");
  const message = (r: Row) =>
    r.lastMessage === null ? "" : t(`reg.message.${r.lastMessage as d.RegistrationMessage}`);
  return (
    <ListPage
      screen="registersState"
      title={t("reg.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listTerminalRegistrations({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportTerminalRegistrations", run: (f) => api.exportTerminalRegistrations(query(f)) }}
      search={[
        { kind: "text", key: "vin", label: t("reg.vin") },
        { kind: "text", key: "terminalId", label: t("reg.terminalId") },
        { kind: "text", key: "phone", label: t("reg.phone") },
        { kind: "choice", key: "stage", label: t("reg.stage"), options: stages.options },
        { kind: "dateTimeRange", keys: ["start", "end"], label: t("reg.range"), quick: true, maxDays: 93 },
      ]}
      hint={t("reg.hint")}
      emptyText={t("reg.noRows")}
      rowKey={(row) => row.sn}
      columns={[
        { key: "sn", title: t("reg.sn"), width: 150 },
        { key: "vin", title: t("reg.vin"), width: 180, render: (r) => r.vin ?? "" },
        { key: "protocol", title: t("reg.protocol"), width: 100 },
        { key: "terminalId", title: t("reg.terminalId"), width: 120, render: (r) => r.terminalId ?? "" },
        { key: "phone", title: t("reg.phone"), width: 130, render: (r) => r.phone ?? "" },
        enumColumn<Row>("stage", t("reg.stage"), stages.badges, 140),
        { key: "registered", title: t("reg.registered"), width: 70, render: (r) => yesNo(r.registered) },
        { key: "online", title: t("reg.online"), width: 70, render: (r) => yesNo(r.online) },
        { key: "lastMessage", title: t("reg.lastMessage"), width: 150, render: message, text: message },
        { key: "lastResult", title: t("reg.lastResult"), width: 140, render: (r) => r.lastResultText ?? "" },
        dateTimeColumn<Row>("lastAt", t("reg.lastAt")),
        ellipsisColumn<Row>("lastNote", t("reg.note")),
        actionsColumn<Row>(t("kit.actions"), rowButtons, 100),
      ]}
    />
  );
}
