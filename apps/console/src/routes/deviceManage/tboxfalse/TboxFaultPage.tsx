import * as d from "@tsp/domain";
import { actionsColumn, type BadgeTone, type Column, ellipsisColumn, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/deviceHealth";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { useCan } from "../../../permission/useCan";
import { HandlingActions, handlingText, periodColumn, stateColumn } from "./HandlingActions";
import "../../../i18n/screens/deviceHealth";

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    kind: d.choiceFilter(d.TBOX_FAULT_KINDS),
    state: d.choiceFilter(d.DEVICE_HANDLING_STATES),
    ongoing: d.choiceFilter(["yes", "no"]),
    start: d.timeFilter(),
    end: d.timeFilter(),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
type Badges = Readonly<Record<string, { label: string; tone: BadgeTone }>>;
type Row = api.TboxFault;

const query = (f: Filters): api.FaultFilters => ({
  ...(f.vin ? { vin: f.vin } : {}),
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.state ? { state: f.state } : {}),
  ...(f.ongoing ? { ongoing: f.ongoing === "yes" } : {}),
  ...(f.start !== null ? { startTime: f.start } : {}),
  ...(f.end !== null ? { endTime: f.end } : {}),
});

function columns(t: Translate, kinds: Badges, states: Badges, canHandle: boolean): Column<Row>[] {
  const handled = (r: Row) => handlingText(r.handling);
  return [
    { key: "vin", title: t("health.vin"), width: 180 },
    { key: "plate", title: t("health.plate"), width: 100, render: (r: Row) => r.plate ?? "" },
    { key: "tboxSn", title: t("fault.tboxSn"), width: 140, render: (r: Row) => r.tboxSn ?? "" },
    enumColumn<Row>("kind", t("fault.kind"), kinds, 140),
    ellipsisColumn<Row>("detail", t("fault.detail")),
    periodColumn<Row>(t),
    stateColumn<Row>(t, states),
    { key: "handledBy", title: t("health.handled"), width: 240, render: handled, text: handled },
    actionsColumn<Row>(
      t("kit.actions"),
      (row) => (
        <HandlingActions
          id={row.id}
          what={t(`fault.kind.${row.kind}`)}
          vin={row.vin}
          state={row.handling.state}
          allowed={canHandle}
          run={api.handleTboxFault}
        />
      ),
      80,
    ),
  ];
}

/**
 * T-Box故障记录 (/deviceManage/tboxfalse): terminal faults the platform detects from what the
 * terminals sent — long silences, clock drift, repeated check-code errors, no fix, JT/T 808
 * terminal fault bits — with 处理 (未处理 → 处理中 → 已处理 with a note) and 导出.
 */
export default function TboxFaultPage() {
  const t = useT();
  const can = useCan();
  const kinds = catalogueEnum(t, "fault.kind", d.TBOX_FAULT_KINDS, {
    silence: "red",
    clockDrift: "amber",
    checkCode: "amber",
    gpsUnfixed: "blue",
    terminalAlarm: "red",
  });
  const states = catalogueEnum(t, "health.state", d.DEVICE_HANDLING_STATES, {
    open: "red",
    handling: "amber",
    done: "gray",
  });
  return (
    <ListPage
      screen="tboxfalse"
      title={t("fault.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listTboxFaults({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportTboxFaults", run: (f) => api.exportTboxFaults(query(f)) }}
      search={[
        { kind: "text", key: "vin", label: t("health.vin") },
        { kind: "choice", key: "kind", label: t("fault.kind"), options: kinds.options },
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
      hint={t("fault.hint")}
      emptyText={t("fault.noRows")}
      rowKey={(row) => String(row.id)}
      columns={columns(t, kinds.badges, states.badges, can("handleTboxFault"))}
    />
  );
}
