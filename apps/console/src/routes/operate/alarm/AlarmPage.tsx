import * as d from "@tsp/domain";
import { actionsColumn, Badge, type Column, enumColumn, type SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/operate";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { AlarmActions } from "./AlarmActions";
import "../../../i18n/screens/operateAlarms";

const LEVELS = ["1", "2", "3"] as const;
const filters = d.filterCodec(
  v.object({
    level: d.choiceFilter(LEVELS),
    alarm: d.textFilter(32),
    state: d.choiceFilter(d.ALARM_HANDLING_STATES),
    ongoing: d.choiceFilter(["yes", "no"]),
    vin: d.textFilter(17),
    group: d.textFilter(10),
    start: d.timeFilter(),
    end: d.timeFilter(),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
type Row = api.OperateAlarm;
type Counts = api.OperateAlarmPage["levelCounts"];

const query = (f: Filters): api.AlarmFilters => ({
  ...(f.level ? { level: Number(f.level) } : {}),
  ...(f.alarm ? { alarm: f.alarm } : {}),
  ...(f.state ? { state: f.state } : {}),
  ...(f.ongoing ? { ongoing: f.ongoing === "yes" } : {}),
  ...(f.vin ? { vin: f.vin } : {}),
  ...(f.group && /^\d+$/.test(f.group) ? { groupId: Number(f.group) } : {}),
  ...(f.start !== null ? { startTime: f.start } : {}),
  ...(f.end !== null ? { endTime: f.end } : {}),
});

/** The groups of the caller's tenants as the filter's options (a tenant keeps tens of groups, not thousands). */
function useGroups(): SelectOption[] {
  const [groups, setGroups] = useState<SelectOption[]>([]);
  useEffect(() => {
    void api.listVehicleGroups({ pageNum: 1, pageSize: 200 }).then(
      (page) => setGroups(page.list.map((g) => ({ value: String(g.id), label: g.name }))),
      () => {
        // Toasted by the shell; the select stays empty.
      },
    );
  }, []);
  return groups;
}

const LEVEL_TONES = { "1": "amber", "2": "red", "3": "red" } as const;

function columns(t: Translate): Column<Row>[] {
  const states = catalogueEnum(t, "alarm.state", d.ALARM_HANDLING_STATES, {
    open: "red",
    acknowledged: "amber",
    closed: "gray",
  });
  const handled = (r: Row) =>
    [
      r.acknowledgedBy
        ? `${t("alarm.ackBy")} ${r.acknowledgedBy} ${formatDateTime(r.acknowledgedAt ?? 0)}${r.acknowledgeNote ? `：${r.acknowledgeNote}` : ""}`
        : "",
      r.closedBy ? `${t("alarm.closeBy")} ${r.closedBy}：${r.closeNote ?? ""}` : "",
    ]
      .filter(Boolean)
      .join("；");
  return [
    {
      key: "level",
      title: t("alarm.level"),
      width: 80,
      render: (r) =>
        r.level === null ? (
          t("alarm.level.none")
        ) : (
          <Badge tone={LEVEL_TONES[String(r.level) as "1"]}>{t(`alarm.level.${r.level}` as "alarm.level.1")}</Badge>
        ),
      text: (r) => (r.level === null ? t("alarm.level.none") : t(`alarm.level.${r.level}` as "alarm.level.1")),
    },
    { key: "name", title: t("alarm.name"), width: 130 },
    { key: "vin", title: t("alarm.vin"), width: 180 },
    {
      // Start and end in one column (two lines): the handling beside them needs the width.
      key: "startedAt",
      title: t("alarm.period"),
      width: 170,
      render: (r) => (
        <span className="flex flex-col">
          <span>{formatDateTime(r.startedAt)}</span>
          {r.endedAt === null ? (
            <span>
              <Badge tone="red">{t("alarm.ongoing.yes")}</Badge>
            </span>
          ) : (
            <span className="text-gray-500">{formatDateTime(r.endedAt)}</span>
          )}
        </span>
      ),
      text: (r) =>
        `${formatDateTime(r.startedAt)} – ${r.endedAt === null ? t("alarm.ongoing.yes") : formatDateTime(r.endedAt)}`,
    },
    enumColumn<Row>("state", t("alarm.state"), states.badges, 90),
    { key: "handledBy", title: t("alarm.handledBy"), width: 300, render: handled, text: handled },
    actionsColumn<Row>(t("kit.actions"), (row) => <AlarmActions row={row} />, 120),
  ];
}

/**
 * 故障报警 (/operate/alarm): the fleet's alarm episodes as work items — filter by level, type,
 * handling state, ongoing, VIN, group and start time (the last 7 days unless chosen, at most
 * 93), the counts by level under the other filters, 确认 and 关闭 with a note, 导出 as an export task.
 */
export default function AlarmPage() {
  const t = useT();
  const groups = useGroups();
  const [counts, setCounts] = useState<Counts | null>(null);
  const states = catalogueEnum(t, "alarm.state", d.ALARM_HANDLING_STATES);
  const heading = () =>
    counts && (
      <p className="flex items-center gap-2 text-sm text-gray-700" data-testid="alarm-counts">
        <span>{t("alarm.counts")}：</span>
        <Badge tone="amber">{`${t("alarm.level.1")} ${counts.level1}`}</Badge>
        <Badge tone="red">{`${t("alarm.level.2")} ${counts.level2}`}</Badge>
        <Badge tone="red">{`${t("alarm.level.3")} ${counts.level3}`}</Badge>
        <Badge tone="gray">{`${t("alarm.level.none")} ${counts.none}`}</Badge>
      </p>
    );
  const levelOptions = LEVELS.map((l) => ({ value: l, label: t(`alarm.level.${l}`) }));
  return (
    <ListPage
      screen="operateAlarm"
      title={t("alarm.heading")}
      filters={filters}
      paging="numbered"
      load={async ({ filters: f, pageNum, pageSize, signal }) => {
        const page = await api.listOperateAlarms({ ...query(f), pageNum, pageSize }, signal);
        setCounts(page.levelCounts);
        return page;
      }}
      exportAs={{ op: "exportOperateAlarms", run: (f) => api.exportOperateAlarms(query(f)) }}
      titleExtra={heading}
      search={[
        { kind: "choice", key: "level", label: t("alarm.level"), options: levelOptions },
        { kind: "choice", key: "state", label: t("alarm.state"), options: states.options },
        { kind: "choice", key: "group", label: t("alarm.group"), options: groups },
        { kind: "text", key: "vin", label: t("alarm.vin") },
        {
          kind: "choice",
          key: "alarm",
          label: t("alarm.name"),
          options: d.TBOX_ALARM_NAMES.map((n) => ({ value: n, label: n })),
        },
        {
          kind: "choice",
          key: "ongoing",
          label: t("alarm.ongoing"),
          options: [
            { value: "yes", label: t("alarm.ongoing.yes") },
            { value: "no", label: t("alarm.ongoing.no") },
          ],
        },
        { kind: "dateTimeRange", keys: ["start", "end"], label: t("alarm.range"), quick: true, maxDays: 93 },
      ]}
      hint={t("alarm.hint")}
      emptyText={t("alarm.noRows")}
      rowKey={(row) => String(row.id)}
      columns={columns(t)}
    />
  );
}
