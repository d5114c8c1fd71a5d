import * as d from "@tsp/domain";
import { actionsColumn, type Column, enumColumn, type FormField, type SelectOption } from "@tsp/ui";
import { useCallback, useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/carControl";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { EditButton } from "../../../kit/RowActions";
import { groupsText, PackagesButton } from "./PackagesButton";
import { SubscriptionActions } from "./SubscriptionActions";
import "../../../i18n/screens/carControl";

type Row = api.CarControlSubscription;
type Draft = v.InferOutput<typeof d.CarControlSubscriptionSchema>;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    packageId: d.textFilter(10),
    state: d.choiceFilter(d.SUBSCRIPTION_STATES),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;

const query = (f: Filters): api.SubscriptionQuery => ({
  ...(f.vin ? { vin: f.vin } : {}),
  ...(f.packageId && Number(f.packageId) > 0 ? { packageId: Number(f.packageId) } : {}),
  ...(f.state ? { state: f.state as api.SubscriptionState } : {}),
});

/** The last day in force (the end is exclusive). */
const lastDay = (r: Row) => formatDateTime(r.validTo - 1).slice(0, 10);

function addFields(t: Translate, packages: readonly SelectOption[]): FormField[] {
  return [
    { key: "vin", kind: "text", label: t("ccs.vin"), required: true, maxLength: 17 },
    { key: "packageId", kind: "select", numeric: true, label: t("ccs.package"), required: true, options: packages },
    { key: "startDate", kind: "date", label: t("ccs.startDate") },
  ];
}

/**
 * 车控服务管理 (/carControlService/manage, designed — known only from the link): each vehicle's
 * subscription to a service package (the remote-control groups it may receive, from–to, state),
 * search, 开通 / 续期 / 停用, 服务包管理, import with a per-row report and template, export.
 */
export default function CarControlManagePage() {
  const t = useT();
  const [packages, setPackages] = useState<api.CarControlPackage[]>([]);
  const loadPackages = useCallback(() => {
    void api.listPackages({ pageNum: 1, pageSize: 100 }).then(
      (page) => setPackages(page.list),
      () => {
        // Toasted by the shell; the selects stay empty.
      },
    );
  }, []);
  useEffect(loadPackages, [loadPackages]);
  const options = packages.map((p) => ({ value: String(p.id), label: p.name }));
  const states = catalogueEnum(t, "ccs.state", d.SUBSCRIPTION_STATES, {
    pending: "gray",
    active: "green",
    expiring: "amber",
    expired: "red",
    stopped: "gray",
  });
  const months = (id: number) => packages.find((p) => p.id === id)?.validityMonths;
  const columns: Column<Row>[] = [
    { key: "vin", title: t("ccs.vin"), width: 170 },
    { key: "plateNo", title: t("ccs.plateNo"), width: 100, render: (r) => r.plateNo ?? "" },
    { key: "packageName", title: t("ccs.package"), width: 120 },
    { key: "groups", title: t("ccs.groups"), width: 220, render: (r) => groupsText(t, r.groups) },
    {
      key: "validFrom",
      title: t("ccs.validFrom"),
      width: 100,
      render: (r) => formatDateTime(r.validFrom).slice(0, 10),
    },
    { key: "validTo", title: t("ccs.validTo"), width: 100, render: lastDay, text: lastDay },
    enumColumn<Row>("state", t("ccs.state"), states.badges),
    {
      key: "updatedAt",
      title: t("ccs.updated"),
      width: 170,
      render: (r) => `${r.stoppedBy ?? r.updatedBy} ${formatDateTime(r.stoppedAt ?? r.updatedAt)}`,
    },
    actionsColumn<Row>(
      t("kit.actions"),
      (row) => <SubscriptionActions row={row} months={months(row.packageId)} />,
      150,
    ),
  ];
  const heading = () => (
    <span className="flex gap-2">
      <PackagesButton onChanged={loadPackages} />
      <EditButton
        op="addCarControlSubscription"
        label={t("ccs.add")}
        title={t("ccs.addTitle")}
        fields={addFields(t, options)}
        initial={() => ({ vin: "", packageId: null, startDate: "" }) as unknown as Draft}
        schema={d.CarControlSubscriptionSchema}
        save={(values: Draft) =>
          api.addSubscription({
            vin: values.vin,
            packageId: values.packageId,
            ...(values.startDate ? { startDate: values.startDate } : {}),
          })
        }
      />
    </span>
  );
  return (
    <ListPage
      screen="carControlManage"
      title={t("ccs.heading")}
      hint={t("ccs.hint")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listSubscriptions({ ...query(f), pageNum, pageSize }, signal)
      }
      search={[
        { kind: "text", key: "vin", label: t("ccs.vin") },
        { kind: "choice", key: "packageId", label: t("ccs.package"), options },
        { kind: "choice", key: "state", label: t("ccs.state"), options: states.options },
      ]}
      exportAs={{ op: "exportCarControlSubscriptions", run: (f) => api.exportSubscriptions(query(f)) }}
      importAs={{ ...api.subscriptionImport, title: t("ccs.import"), fillHint: t("ccs.importHint") }}
      titleExtra={heading}
      emptyText={t("ccs.noRows")}
      rowKey={(row) => String(row.id)}
      columns={columns}
    />
  );
}
