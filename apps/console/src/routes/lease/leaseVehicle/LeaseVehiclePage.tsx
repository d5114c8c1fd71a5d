import * as d from "@tsp/domain";
import { actionsColumn, enumColumn, FormDialog, useToast } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/lease";
import { vehiclePage } from "../../../api/tboxRegister";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { PickDialog, ToolbarButton } from "../../baseInfo/tbox/PickDialog";
import { LeaseActions } from "./LeaseActions";
import { type LeaseChoices, leaseFormFields, newLease } from "./LeaseForm";
import "../../../i18n/screens/lease";

const { textFilter: text, choiceFilter: choice } = d;
const filters = d.filterCodec(
  v.object({
    contractNo: text(32),
    vin: text(17),
    leaseOrgCode: text(32),
    lesseeName: text(100),
    state: choice(d.LEASE_STATES),
  }),
);
const query = (f: v.InferOutput<typeof filters.schema>) =>
  Object.fromEntries(Object.entries(f).filter(([, value]) => value !== "")) as api.LeaseFilters;
type Row = api.LeaseRecord;

const STATE_TONES = { pending: "blue", leasing: "green", expired: "amber", returned: "gray" } as const;

function useChoices(t: ReturnType<typeof useT>): LeaseChoices {
  const [orgs, setOrgs] = useState<Pick<LeaseChoices, "orgs" | "activeOrgs">>({ orgs: [], activeOrgs: [] });
  useEffect(() => {
    void api.leaseOrgs().then(
      (o) => setOrgs({ orgs: o.all, activeOrgs: o.active }),
      () => {
        // Toasted by the shell; the selects stay empty.
      },
    );
  }, []);
  return { ...orgs, lesseeTypes: catalogueEnum(t, "lease.lesseeType", d.LEASE_LESSEE_TYPES).options };
}

/** Money as the lists show it: yuan with two decimals. */
export const yuan = (n: number) => n.toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 租赁车辆管理 (/lease/leaseVehicle): lease contracts per vehicle — search, page, file a contract
 * for a picked vehicle, detail with history, edit, 续租, 退租, delete of a contract not started,
 * import (all or nothing, per-row report), export.
 */
export default function LeaseVehiclePage() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const choices = useChoices(t);
  const [picking, setPicking] = useState(false);
  const [vin, setVin] = useState<string | null>(null);
  const [start, setStart] = useState({ today: "", yearEnd: "" });
  const states = catalogueEnum(t, "lease.state", d.LEASE_STATES, STATE_TONES);
  const actions = (row: Row) => <LeaseActions row={row} choices={choices} />;
  const toolbar = (list: { reload: () => void }) =>
    can("createLeaseContract") && (
      <>
        <ToolbarButton label={t("lease.add")} onClick={() => setPicking(true)} />
        <PickDialog
          open={picking}
          title={t("lease.pickTitle")}
          label={t("lease.pickVin")}
          confirmText={t("lease.next")}
          loader={(q, signal) => vehiclePage({ vin: q.keyWords, pageNum: q.pageNum, pageSize: q.pageSize }, signal)}
          onPick={async (picked) => {
            setPicking(false);
            const today = d.chinaDay(Date.now());
            setStart({ today, yearEnd: d.leaseAddDays(d.leaseAddMonths(today, 12), -1) });
            setVin(picked);
          }}
          onClose={() => setPicking(false)}
        />
        {vin !== null && (
          <FormDialog
            open
            title={t("lease.addTitle", { vin })}
            fields={leaseFormFields(t, choices, false)}
            initial={newLease(vin, start.today, start.yearEnd)}
            schema={d.LeaseContractEditSchema}
            width={760}
            onClose={() => setVin(null)}
            onSubmit={async (values) => {
              try {
                await api.createLeaseContract(values as d.LeaseContractEdit);
              } catch (error) {
                return refusalByField(error) ?? {};
              }
              toast.success(t("kit.saved"));
              setVin(null);
              list.reload();
              return null;
            }}
          />
        )}
      </>
    );
  return (
    <ListPage
      screen="leaseVehicle"
      title={t("lease.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listLeaseContracts({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportLeaseContracts", run: (f) => api.exportLeaseContracts(query(f)) }}
      importAs={{ ...api.leaseImport, title: t("lease.import"), fillHint: t("lease.importHint") }}
      titleExtra={toolbar}
      search={[
        { kind: "text", key: "contractNo", label: t("lease.contractNo") },
        { kind: "vin", key: "vin", label: t("lease.vin") },
        { kind: "choice", key: "leaseOrgCode", label: t("lease.leaseOrgCode"), options: choices.orgs },
        { kind: "text", key: "lesseeName", label: t("lease.lesseeName") },
        { kind: "choice", key: "state", label: t("lease.state"), options: states.options },
      ]}
      rowKey={(row) => row.contractNo}
      columns={[
        { key: "contractNo", title: t("lease.contractNo"), width: 140 },
        { key: "vin", title: t("lease.vin"), width: 185 },
        { key: "leaseOrgName", title: t("lease.leaseOrgCode"), width: 200, ellipsis: true },
        { key: "lesseeName", title: t("lease.lesseeName"), width: 160, ellipsis: true },
        { key: "lesseePhone", title: t("lease.lesseePhone"), width: 120 },
        { key: "startDate", title: t("lease.term"), width: 190, render: (r) => `${r.startDate} ~ ${r.endDate}` },
        { key: "monthlyRent", title: t("lease.monthlyRent"), width: 110, render: (r) => yuan(r.monthlyRent) },
        enumColumn<Row>("state", t("lease.state"), states.badges, 80),
        actionsColumn<Row>(t("kit.actions"), actions, 230),
      ]}
    />
  );
}
