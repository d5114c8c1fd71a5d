import * as d from "@tsp/domain";
import { actionsColumn, Badge, buttonClass, type Column, type FormField, type SelectOption } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../../api/deviceHealth";
import { formatDateTime } from "../../../../format/dateTime";
import { type Translate, useT } from "../../../../i18n/i18n";
import { ListPage } from "../../../../kit/ListPage";
import { DeleteButton, EditButton } from "../../../../kit/RowActions";
import { hashHref } from "../../../../routing/hashLocation";
import "../../../../i18n/screens/deviceHealth";

const filters = d.filterCodec(v.object({}));
type Row = api.AlarmNotifyRule;

/** The tenant's accounts as the form's choices (a tenant keeps tens of accounts, not thousands). */
function useAccounts(): SelectOption[] {
  const [accounts, setAccounts] = useState<SelectOption[]>([]);
  useEffect(() => {
    void api.listAlarmNotifyAccounts().then(
      (page) => setAccounts(page.list.map((a) => ({ value: String(a.id), label: `${a.name}（${a.username}）` }))),
      () => {
        // Toasted by the shell; the select stays empty.
      },
    );
  }, []);
  return accounts;
}

function fieldsOf(t: Translate, accounts: readonly SelectOption[], editing: boolean): FormField[] {
  return [
    {
      key: "accountId",
      kind: "select",
      numeric: true,
      label: t("notify.account"),
      options: accounts,
      required: true,
      readOnly: editing,
    },
    {
      key: "channels",
      kind: "checks",
      label: t("notify.channels"),
      required: true,
      options: d.NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`notify.channel.${c}`) })),
    },
    {
      key: "kinds",
      kind: "checks",
      label: t("notify.kinds"),
      required: true,
      options: d.TAMPER_KINDS.map((k) => ({ value: k, label: t(`tamper.kind.${k}`) })),
    },
    {
      key: "minLevel",
      kind: "select",
      numeric: true,
      label: t("notify.minLevel"),
      required: true,
      options: [1, 2, 3].map((l) => ({ value: String(l), label: t("tamper.levelText", { level: l }) })),
    },
    {
      key: "regions",
      kind: "checks",
      label: t("notify.regions"),
      options: d.PROVINCES.map(([code, name]) => ({ value: code, label: name })),
    },
    { key: "enabled", kind: "checkbox", label: t("notify.enabled") },
    { key: "remark", kind: "text", label: t("notify.remark"), maxLength: 100 },
  ];
}

type Draft = v.InferOutput<typeof d.AlarmNotifySchema>;
const regionText = (t: Translate, r: Row) =>
  r.regions.length === 0
    ? t("notify.regionsAll")
    : r.regions.map((c) => d.PROVINCES.find(([code]) => code === c)?.[1] ?? c).join("、");

const save = (id?: number) => (values: Draft) => api.saveAlarmNotify({ ...values, ...(id ? { id } : {}) });

function columns(t: Translate, accounts: readonly SelectOption[]): Column<Row>[] {
  return [
    { key: "accountName", title: t("notify.account"), width: 110 },
    { key: "username", title: t("notify.username"), width: 110 },
    {
      key: "channels",
      title: t("notify.channels"),
      width: 150,
      render: (r: Row) => r.channels.map((c) => t(`notify.channel.${c}`)).join("、"),
    },
    {
      key: "kinds",
      title: t("notify.kinds"),
      width: 170,
      render: (r: Row) => r.kinds.map((k) => t(`tamper.kind.${k}`)).join("、"),
    },
    {
      key: "minLevel",
      title: t("notify.minLevel"),
      width: 100,
      render: (r: Row) => t("tamper.levelText", { level: r.minLevel }),
    },
    { key: "regions", title: t("notify.regions"), width: 160, render: (r: Row) => regionText(t, r) },
    {
      key: "enabled",
      title: t("notify.enabled"),
      width: 70,
      render: (r: Row) => (
        <Badge tone={r.enabled ? "green" : "gray"}>{t(r.enabled ? "notify.enabledYes" : "notify.enabledNo")}</Badge>
      ),
      text: (r: Row) => t(r.enabled ? "notify.enabledYes" : "notify.enabledNo"),
    },
    { key: "remark", title: t("notify.remark"), width: 110, render: (r: Row) => r.remark ?? "" },
    {
      key: "updatedAt",
      title: t("notify.updated"),
      width: 170,
      render: (r: Row) => `${r.updatedBy} ${formatDateTime(r.updatedAt)}`,
    },
    actionsColumn<Row>(
      t("kit.actions"),
      (row) => (
        <>
          <EditButton
            op="saveAlarmNotify"
            title={t("notify.editTitle", { name: row.accountName })}
            fields={fieldsOf(t, accounts, true)}
            initial={() => ({
              accountId: row.accountId,
              channels: row.channels,
              kinds: row.kinds,
              minLevel: row.minLevel as 1 | 2 | 3,
              regions: row.regions,
              enabled: row.enabled,
              remark: row.remark ?? "",
            })}
            schema={d.AlarmNotifySchema}
            save={save(row.id)}
          />
          <DeleteButton op="deleteAlarmNotify" name={row.accountName} remove={() => api.deleteAlarmNotify(row.id)} />
        </>
      ),
      120,
    ),
  ];
}

/**
 * 报警通知人员 (/deviceManage/tamperAlarm/alarmNotify, hidden, opened from 防拆报警): who of the
 * tenant is told of tamper alarms, by which channels (站内消息 reaches 个人消息; 短信 and 邮件 are
 * recorded), for which kinds, from which level and in which provinces; add, edit, delete.
 */
export default function AlarmNotifyPage() {
  const t = useT();
  const accounts = useAccounts();
  const blank = {
    accountId: null,
    channels: ["site"],
    kinds: ["removed"],
    minLevel: 3,
    regions: [],
    enabled: true,
    remark: "",
  };
  const heading = () => (
    <span className="flex gap-2">
      <a className={buttonClass("default")} href={hashHref("/deviceManage/tamperAlarm")}>
        {t("notify.back")}
      </a>
      <EditButton
        op="saveAlarmNotify"
        label={t("notify.add")}
        title={t("notify.addTitle")}
        fields={fieldsOf(t, accounts, false)}
        initial={() => blank as unknown as Draft}
        schema={d.AlarmNotifySchema}
        save={save()}
      />
    </span>
  );
  return (
    <ListPage
      screen="alarmNotify"
      title={t("notify.heading")}
      filters={filters}
      paging="numbered"
      load={({ pageNum, pageSize, signal }) => api.listAlarmNotify({ pageNum, pageSize }, signal)}
      titleExtra={heading}
      hint={t("notify.hint")}
      emptyText={t("notify.noRows")}
      rowKey={(row) => String(row.id)}
      columns={columns(t, accounts)}
    />
  );
}
