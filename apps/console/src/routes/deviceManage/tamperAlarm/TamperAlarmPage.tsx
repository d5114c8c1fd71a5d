import * as d from "@tsp/domain";
import { actionsColumn, Badge, type BadgeTone, buttonClass, type Column, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/deviceHealth";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { useCan } from "../../../permission/useCan";
import { hashHref } from "../../../routing/hashLocation";
import { HandlingActions, handlingText, periodColumn, stateColumn } from "../tboxfalse/HandlingActions";
import "../../../i18n/screens/deviceHealth";

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    kind: d.choiceFilter(d.TAMPER_KINDS),
    state: d.choiceFilter(d.DEVICE_HANDLING_STATES),
    ongoing: d.choiceFilter(["yes", "no"]),
    start: d.timeFilter(),
    end: d.timeFilter(),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
type Badges = Readonly<Record<string, { label: string; tone: BadgeTone }>>;
type Row = api.TamperAlarm;

const query = (f: Filters): api.TamperFilters => ({
  ...(f.vin ? { vin: f.vin } : {}),
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.state ? { state: f.state } : {}),
  ...(f.ongoing ? { ongoing: f.ongoing === "yes" } : {}),
  ...(f.start !== null ? { startTime: f.start } : {}),
  ...(f.end !== null ? { endTime: f.end } : {}),
});

const position = (r: Row) =>
  r.longitude === null || r.latitude === null ? "" : `${r.longitude.toFixed(5)}, ${r.latitude.toFixed(5)}`;

function columns(t: Translate, kinds: Badges, states: Badges, canHandle: boolean): Column<Row>[] {
  const handled = (r: Row) => handlingText(r.handling);
  return [
    { key: "vin", title: t("health.vin"), width: 180 },
    { key: "plate", title: t("health.plate"), width: 100, render: (r: Row) => r.plate ?? "" },
    enumColumn<Row>("kind", t("tamper.kind"), kinds, 110),
    {
      key: "level",
      title: t("tamper.level"),
      width: 70,
      render: (r: Row) => (
        <Badge tone={r.level >= 3 ? "red" : "amber"}>{t("tamper.levelText", { level: r.level })}</Badge>
      ),
      text: (r: Row) => t("tamper.levelText", { level: r.level }),
    },
    periodColumn<Row>(t),
    { key: "reports", title: t("tamper.reports"), width: 80, align: "right" },
    { key: "longitude", title: t("tamper.position"), width: 150, render: position, text: position },
    stateColumn<Row>(t, states),
    { key: "handledBy", title: t("health.handled"), width: 220, render: handled, text: handled },
    actionsColumn<Row>(
      t("kit.actions"),
      (row) => (
        <HandlingActions
          id={row.id}
          what={t(`tamper.kind.${row.kind}`)}
          vin={row.vin}
          state={row.handling.state}
          allowed={canHandle}
          run={api.handleTamperAlarm}
        />
      ),
      80,
    ),
  ];
}

/**
 * 防拆报警 (/deviceManage/tamperAlarm): terminal removal episodes (HJ 1239 / HJ 1322 0x06, until
 * the terminal reports again) and JT/T 808 main-power cuts, with 处理 and 导出; 报警通知人员 (who
 * is told) opens from the heading.
 */
export default function TamperAlarmPage() {
  const t = useT();
  const can = useCan();
  const kinds = catalogueEnum(t, "tamper.kind", d.TAMPER_KINDS, { removed: "red", powerOff: "amber" });
  const states = catalogueEnum(t, "health.state", d.DEVICE_HANDLING_STATES, {
    open: "red",
    handling: "amber",
    done: "gray",
  });
  const notifyLink = () => (
    <a className={buttonClass("default")} href={hashHref("/deviceManage/tamperAlarm/alarmNotify")}>
      {t("tamper.notify")}
    </a>
  );
  return (
    <ListPage
      screen="tamperAlarm"
      title={t("tamper.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listTamperAlarms({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportTamperAlarms", run: (f) => api.exportTamperAlarms(query(f)) }}
      titleExtra={notifyLink}
      search={[
        { kind: "text", key: "vin", label: t("health.vin") },
        { kind: "choice", key: "kind", label: t("tamper.kind"), options: kinds.options },
        { kind: "choice", key: "state", label: t("health.state"), options: states.options },
        {
          kind: "choice",
          key: "ongoing",
          label: t("health.ongoing"),
          options: [
            { value: "yes", label: t("health.ongoing.yes") },
            { value: "no", label: t("health.ongoing.no") },
          ],
        },
        { kind: "dateTimeRange", keys: ["start", "end"], label: t("health.range"), quick: true, maxDays: 93 },
      ]}
      hint={t("tamper.hint")}
      emptyText={t("tamper.noRows")}
      rowKey={(row) => String(row.id)}
      columns={columns(t, kinds.badges, states.badges, can("handleTamperAlarm"))}
    />
  );
}
