import * as d from "@tsp/domain";
import { dateTimeColumn, enumColumn } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/carControl";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { RulesButton } from "./RulesButton";
import "../../../i18n/screens/carControl";

type Row = api.Reminder;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    result: d.choiceFilter(d.REMIND_RESULTS),
  }),
);

/** 提醒规则 beside the heading, for the searched VIN. */
const rulesButton = (list: { filters: { vin: string } }) => <RulesButton vin={list.filters.vin} />;

/**
 * 车控提醒 (/carControlService/remind?vin, designed — known only from the link): the reminders
 * of remote-control commands that ended 失败 / 超时 / 取消 in the last 30 days, one per rule that
 * tells of it (who, which channels delivered or recorded); 提醒规则 beside the heading. ?vin
 * preselects the vehicle (the filters live in the address).
 */
export default function CarControlRemindPage() {
  const t = useT();
  const results = catalogueEnum(t, "remind.result", d.REMIND_RESULTS, {
    failed: "red",
    expired: "amber",
    cancelled: "gray",
  });
  const channels = (list: readonly d.NotifyChannel[]) => list.map((c) => t(`remind.channel.${c}`)).join("、");
  return (
    <ListPage
      screen="carControlRemind"
      title={t("remind.heading")}
      hint={t("remind.hint")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listReminders(
          {
            ...(f.vin ? { vin: f.vin } : {}),
            ...(f.result ? { result: f.result as api.RemindResult } : {}),
            pageNum,
            pageSize,
          },
          signal,
        )
      }
      search={[
        { kind: "vin", key: "vin", label: t("remind.vin") },
        { kind: "choice", key: "result", label: t("remind.result"), options: results.options },
      ]}
      titleExtra={rulesButton}
      emptyText={t("remind.noRows")}
      rowKey={(row) => row.key}
      columns={[
        dateTimeColumn<Row>("endedAt", t("remind.endedAt")),
        { key: "vin", title: t("remind.vin"), width: 170 },
        {
          key: "action",
          title: t("remind.action"),
          width: 130,
          render: (r) => d.REMOTE_ACTIONS[r.action as d.RemoteAction]?.name ?? r.action,
        },
        enumColumn<Row>("result", t("remind.result"), results.badges),
        { key: "reason", title: t("remind.reason"), width: 150, render: (r) => r.reason ?? "" },
        { key: "sender", title: t("remind.sender"), width: 80 },
        { key: "accountName", title: t("remind.account"), width: 100 },
        { key: "delivered", title: t("remind.delivered"), width: 100, render: (r) => channels(r.delivered) },
        { key: "recorded", title: t("remind.recorded"), width: 120, render: (r) => channels(r.recorded) },
      ]}
    />
  );
}
