import * as d from "@tsp/domain";
import { actionsColumn, Badge, enumColumn, FormDialog, useToast } from "@tsp/ui";
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
import { yuan } from "../../lease/leaseVehicle/LeaseVehiclePage";
import { LoanActions } from "./LoanActions";
import { type LoanChoices, loanFormFields } from "./LoanForm";

const { textFilter: text, choiceFilter: choice } = d;
const filters = d.filterCodec(
  v.object({
    loanNo: text(32),
    vin: text(17),
    financeOrgCode: text(32),
    borrowerName: text(100),
    state: choice(d.LOAN_STATES),
    restriction: choice(d.RESTRICTION_STATES),
  }),
);
const query = (f: v.InferOutput<typeof filters.schema>) =>
  Object.fromEntries(Object.entries(f).filter(([, value]) => value !== "")) as api.LoanFilters;
type Row = api.LoanRecord;

function useChoices(t: ReturnType<typeof useT>): LoanChoices {
  const [orgs, setOrgs] = useState<Pick<LoanChoices, "orgs" | "activeOrgs">>({ orgs: [], activeOrgs: [] });
  useEffect(() => {
    void api.financeOrgs().then(
      (o) => setOrgs({ orgs: o.all, activeOrgs: o.active }),
      () => {
        // Toasted by the shell; the selects stay empty.
      },
    );
  }, []);
  return { ...orgs, borrowerTypes: catalogueEnum(t, "lease.lesseeType", d.LOAN_BORROWER_TYPES).options };
}

/**
 * 金融管理 (/finance/index): loans against the tenant's vehicles with the finance organisations —
 * search, page, file a loan for a picked vehicle, detail with history, edit, 登记还款, the
 * lender's 申请限制 and its 审核 (recorded; the vehicle command is a later issue), import, export.
 */
export default function FinancePage() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const choices = useChoices(t);
  const [picking, setPicking] = useState(false);
  const [vin, setVin] = useState<string | null>(null);
  const [today, setToday] = useState("");
  const states = catalogueEnum(t, "loan.state", d.LOAN_STATES, { normal: "green", overdue: "red", settled: "gray" });
  const restrictions = catalogueEnum(t, "loan.restriction", d.RESTRICTION_STATES, {
    pending: "amber",
    executed: "red",
    rejected: "gray",
  });
  const actions = (row: Row) => <LoanActions row={row} choices={choices} />;
  const toolbar = (list: { reload: () => void }) =>
    can("createLoan") && (
      <>
        <ToolbarButton label={t("loan.add")} onClick={() => setPicking(true)} />
        <PickDialog
          open={picking}
          title={t("loan.pickTitle")}
          label={t("lease.pickVin")}
          confirmText={t("lease.next")}
          loader={(q, signal) => vehiclePage({ vin: q.keyWords, pageNum: q.pageNum, pageSize: q.pageSize }, signal)}
          onPick={async (picked) => {
            setPicking(false);
            setToday(d.chinaDay(Date.now()));
            setVin(picked);
          }}
          onClose={() => setPicking(false)}
        />
        {vin !== null && (
          <FormDialog
            open
            title={t("loan.addTitle", { vin })}
            fields={loanFormFields(t, choices, false)}
            initial={
              {
                loanNo: null as string | null,
                vin,
                financeOrgCode: null,
                borrowerType: "company",
                borrowerName: null,
                borrowerPhone: null,
                borrowerIdNo: null,
                principal: null,
                termMonths: 36,
                startDate: today,
                repaidPeriods: 0,
              } as Record<string, unknown>
            }
            schema={d.LoanEditSchema}
            width={760}
            onClose={() => setVin(null)}
            onSubmit={async (values) => {
              try {
                await api.createLoan(values as d.LoanEdit);
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
      screen="finance"
      title={t("loan.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) => api.listLoans({ ...query(f), pageNum, pageSize }, signal)}
      exportAs={{ op: "exportLoans", run: (f) => api.exportLoans(query(f)) }}
      importAs={{ ...api.loanImport, title: t("loan.import"), fillHint: t("loan.importHint") }}
      titleExtra={toolbar}
      search={[
        { kind: "text", key: "loanNo", label: t("loan.loanNo") },
        { kind: "vin", key: "vin", label: t("loan.vin") },
        { kind: "choice", key: "financeOrgCode", label: t("loan.financeOrgCode"), options: choices.orgs },
        { kind: "text", key: "borrowerName", label: t("loan.borrowerName") },
        { kind: "choice", key: "state", label: t("loan.state"), options: states.options },
        { kind: "choice", key: "restriction", label: t("loan.restriction"), options: restrictions.options },
      ]}
      rowKey={(row) => row.loanNo}
      columns={[
        { key: "loanNo", title: t("loan.loanNo"), width: 140 },
        { key: "vin", title: t("loan.vin"), width: 185 },
        { key: "financeOrgName", title: t("loan.financeOrgCode"), width: 150, ellipsis: true },
        { key: "borrowerName", title: t("loan.borrowerName"), width: 130, ellipsis: true },
        { key: "principal", title: t("loan.principal"), width: 110, render: (r) => yuan(r.principal) },
        {
          key: "repaidPeriods",
          title: t("loan.progress"),
          width: 90,
          render: (r) => `${r.repaidPeriods}/${r.termMonths}`,
        },
        {
          key: "state",
          title: t("loan.state"),
          width: 130,
          render: (r) => (
            <span className="flex items-center gap-1">
              <Badge tone={states.badges[r.state]?.tone ?? "gray"}>{states.badges[r.state]?.label ?? r.state}</Badge>
              {r.state === "overdue" && (
                <span className="text-xs text-red-600">{t("loan.overdueDays", { days: r.overdueDays })}</span>
              )}
            </span>
          ),
        },
        enumColumn<Row>("restriction", t("loan.restriction"), restrictions.badges, 90),
        actionsColumn<Row>(t("kit.actions"), actions, 250),
      ]}
    />
  );
}
