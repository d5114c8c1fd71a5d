import * as api from "../../../api/lease";
import { useT } from "../../../i18n/i18n";
import { FigureReportPage } from "../FigureReportPage";

/** 车辆租赁历史报表 (/lease/leaseHistory): how contracts ended, per month (getLeaseHistoryReport). */
export default function LeaseHistoryPage() {
  const t = useT();
  return (
    <FigureReportPage
      title={t("leaseReport.history.heading")}
      hint={t("leaseReport.history.hint")}
      chartTitle={t("leaseReport.history.chart")}
      charted={["expired", "earlyReturns", "renewals"]}
      load={api.getLeaseHistoryReport}
      exportAs={{ op: "exportLeaseHistoryReport", run: api.exportLeaseHistoryReport }}
    />
  );
}
