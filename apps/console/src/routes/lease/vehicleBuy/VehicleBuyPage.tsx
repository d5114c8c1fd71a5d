import * as api from "../../../api/lease";
import { useT } from "../../../i18n/i18n";
import { FigureReportPage } from "../FigureReportPage";

/** 车辆购买报表 (/lease/vehicleBuy): the retail sales per month and how many of them are let (getLeaseBuyReport). */
export default function VehicleBuyPage() {
  const t = useT();
  return (
    <FigureReportPage
      title={t("leaseReport.buy.heading")}
      hint={t("leaseReport.buy.hint")}
      chartTitle={t("leaseReport.buy.chart")}
      charted={["bought", "operating", "leased"]}
      load={api.getLeaseBuyReport}
      exportAs={{ op: "exportLeaseBuyReport", run: api.exportLeaseBuyReport }}
    />
  );
}
