import * as d from "@tsp/domain";
import { Badge, buttonClass, type Column, DataTable, Dialog, type FormField, type SelectOption } from "@tsp/ui";
import { useCallback, useEffect, useState } from "react";
import type * as v from "valibot";
import * as api from "../../../api/carControl";
import * as health from "../../../api/deviceHealth";
import { type Translate, useT } from "../../../i18n/i18n";
import { DeleteButton, EditButton } from "../../../kit/RowActions";
import { groupsText } from "../manage/PackagesButton";

type Rule = api.RemindRule;
type Draft = v.InferOutput<typeof d.CarControlRemindSchema>;

/** The tenant's accounts as the form's choices (the same picker as 报警通知人员). */
function useAccounts(open: boolean): SelectOption[] {
  const [accounts, setAccounts] = useState<SelectOption[]>([]);
  useEffect(() => {
    if (!open) return;
    void health.listAlarmNotifyAccounts().then(
      (page) => setAccounts(page.list.map((a) => ({ value: String(a.id), label: `${a.name}（${a.username}）` }))),
      () => {
        // Toasted by the shell; the select stays empty.
      },
    );
  }, [open]);
  return accounts;
}

function fieldsOf(t: Translate, accounts: readonly SelectOption[], editing: boolean): FormField[] {
  return [
    {
      key: "accountId",
      kind: "select",
      numeric: true,
      label: t("remind.account"),
      options: accounts,
      required: true,
      readOnly: editing,
    },
    {
      key: "channels",
      kind: "checks",
      label: t("remind.channels"),
      required: true,
      options: d.NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`remind.channel.${c}`) })),
    },
    {
      key: "results",
      kind: "checks",
      label: t("remind.results"),
      required: true,
      options: d.REMIND_RESULTS.map((r) => ({ value: r, label: t(`remind.result.${r}`) })),
    },
    {
      key: "groups",
      kind: "checks",
      label: t("remind.groups"),
      required: true,
      options: d.REMOTE_GROUPS.map((g) => ({ value: g, label: t(`ccs.group.${g}`) })),
    },
    { key: "vins", kind: "lines", label: t("remind.vins") },
    { key: "enabled", kind: "checkbox", label: t("remind.enabled") },
    { key: "remark", kind: "text", label: t("remind.remark"), maxLength: 100 },
  ];
}

const save = (id?: number) => (values: Draft) => api.saveRemindRule({ ...values, ...(id ? { id } : {}) });

/**
 * 提醒规则: who of the tenant is told, how, of which results and services, for which vehicles
 * (with ?vin: the rules that tell of that vehicle); add, edit, delete behind their permission.
 */
export function RulesButton({ vin }: { vin: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Rule[] | null>(null);
  const accounts = useAccounts(open);
  const load = useCallback(async () => {
    setRows((await api.listRemindRules({ ...(vin ? { vin } : {}), pageNum: 1, pageSize: 100 })).list);
  }, [vin]);
  const reload = () => void load();
  const columns: Column<Rule>[] = [
    { key: "accountName", title: t("remind.account"), width: 100 },
    { key: "username", title: t("remind.username"), width: 90 },
    {
      key: "channels",
      title: t("remind.channels"),
      width: 130,
      render: (r) => r.channels.map((c) => t(`remind.channel.${c}`)).join("、"),
    },
    {
      key: "results",
      title: t("remind.results"),
      width: 110,
      render: (r) => r.results.map((x) => t(`remind.result.${x}`)).join("、"),
    },
    { key: "groups", title: t("remind.groups"), width: 170, render: (r) => groupsText(t, r.groups) },
    {
      key: "vins",
      title: t("remind.vins"),
      width: 150,
      render: (r) => (r.vins.length === 0 ? t("remind.vinsAll") : r.vins.join("、")),
    },
    {
      key: "enabled",
      title: t("remind.enabled"),
      width: 60,
      render: (r) => (
        <Badge tone={r.enabled ? "green" : "gray"}>{t(r.enabled ? "remind.enabledYes" : "remind.enabledNo")}</Badge>
      ),
      text: (r) => t(r.enabled ? "remind.enabledYes" : "remind.enabledNo"),
    },
    {
      key: "id",
      title: t("kit.actions"),
      width: 100,
      render: (r) => (
        <span className="flex gap-2">
          <EditButton
            op="saveCarControlRemindRule"
            title={t("remind.editTitle", { name: r.accountName })}
            fields={fieldsOf(t, accounts, true)}
            initial={() => ({
              accountId: r.accountId,
              channels: r.channels,
              results: r.results,
              groups: r.groups,
              vins: r.vins,
              enabled: r.enabled,
              remark: r.remark ?? "",
            })}
            schema={d.CarControlRemindSchema}
            save={save(r.id)}
            onSaved={reload}
          />
          <DeleteButton
            op="deleteCarControlRemindRule"
            name={r.accountName}
            remove={() => api.deleteRemindRule(r.id)}
            onDeleted={reload}
          />
        </span>
      ),
    },
  ];
  const blank = {
    accountId: null,
    channels: ["site"],
    results: ["failed", "expired"],
    groups: [...d.REMOTE_GROUPS],
    vins: vin ? [vin] : [],
    enabled: true,
    remark: "",
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass("default")}
        onClick={() => {
          setOpen(true);
          setRows(null);
          void load().catch(() => setRows([]));
        }}
      >
        {t("remind.rules")}
      </button>
      {open && (
        <Dialog open title={t("remind.rules")} onClose={() => setOpen(false)} width={1040}>
          <div className="mb-3 flex justify-end">
            <EditButton
              op="saveCarControlRemindRule"
              label={t("remind.add")}
              title={t("remind.addTitle")}
              fields={fieldsOf(t, accounts, false)}
              initial={() => blank as unknown as Draft}
              schema={d.CarControlRemindSchema}
              save={save()}
              onSaved={reload}
            />
          </div>
          <DataTable
            label={t("remind.rules")}
            columns={columns}
            rows={rows ?? []}
            loading={rows === null}
            emptyText={t("remind.noRules")}
            rowKey={(r) => String(r.id)}
            height={320}
          />
        </Dialog>
      )}
    </>
  );
}
