import * as api from "../../../api/lease";
import { useT } from "../../../i18n/i18n";
import { FigureReportPage } from "../FigureReportPage";

/** 车辆运营报表 (/lease/vehicleOperation): the leased fleet at work per month, from the login journal (getLeaseOperationReport). */
export default function VehicleOperationPage() {
  const t = useT();
  return (
    <FigureReportPage
      title={t("leaseReport.operation.heading")}
      hint={t("leaseReport.operation.hint")}
      chartTitle={t("leaseReport.operation.chart")}
      charted={["leased", "active"]}
      load={api.getLeaseOperationReport}
      exportAs={{ op: "exportLeaseOperationReport", run: api.exportLeaseOperationReport }}
    />
  );
}
