import type { Column } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as api from "../../../api/lease";
import { useT } from "../../../i18n/i18n";
import { yuan } from "../leaseVehicle/LeaseVehiclePage";
import { ReportPage } from "../ReportPage";

type Row = api.RentalReport["months"][number];

/**
 * 车辆租赁报表 (/lease/vehicleRental): per month, the vehicles on lease, new contracts (and of
 * them renewals), returns and the rent due — computed by the server from the contracts
 * (getLeaseRentalReport says how); a chart and the table of the same figures, export.
 */
export default function VehicleRentalPage() {
  const t = useT();
  const [orgs, setOrgs] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    void api.leaseOrgs().then(
      (o) => setOrgs(o.all),
      () => {
        // Toasted by the shell.
      },
    );
  }, []);
  const k = (key: keyof Row & string) => t(`leaseReport.rental.${key}` as never);
  const columns: Column<Row>[] = [
    {
      key: "month",
      title: t("leaseReport.month"),
      width: 100,
      render: (r) => (r.month === "合计" ? t("leaseReport.total") : r.month),
    },
    { key: "leasedVehicles", title: k("leasedVehicles") },
    { key: "newContracts", title: k("newContracts") },
    { key: "renewals", title: k("renewals") },
    { key: "returns", title: k("returns") },
    { key: "rentDue", title: k("rentDue"), render: (r) => yuan(r.rentDue) },
  ];
  return (
    <ReportPage<api.RentalReport, Row>
      title={t("leaseReport.rental.heading")}
      hint={t("leaseReport.rental.hint")}
      orgs={orgs}
      load={api.getLeaseRentalReport}
      exportAs={{ op: "exportLeaseRentalReport", run: api.exportLeaseRentalReport }}
      rows={(r) => [...r.months, r.totals]}
      rowKey={(r) => r.month}
      columns={columns}
      chart={(r) => ({
        kind: "bar",
        title: t("leaseReport.rental.chart"),
        categories: r.months.map((m) => m.month),
        series: [
          { name: k("leasedVehicles"), data: r.months.map((m) => m.leasedVehicles) },
          { name: k("newContracts"), data: r.months.map((m) => m.newContracts) },
          { name: k("returns"), data: r.months.map((m) => m.returns) },
        ],
      })}
    />
  );
}
