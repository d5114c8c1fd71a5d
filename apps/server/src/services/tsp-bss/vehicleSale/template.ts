import { defineHandler } from "../../defineHandler";
import { sendXlsx } from "../ner/template";
import { templateOf } from "../tbox/sheet";
import { EXAMPLE_ROW, SALE_COLUMNS } from "./columns";

export const saleTemplate = () =>
  templateOf(
    "实销车辆",
    SALE_COLUMNS,
    { ...EXAMPLE_ROW },
    "第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。一辆车只能销售一次：已有实销记录的VIN不会导入，如需更正请在列表中编辑，或撤销后重新录入。",
  );

/** downloadVehicleSaleTemplate: the import dialog's first step. */
export const downloadVehicleSaleTemplate = defineHandler<"downloadVehicleSaleTemplate">(async ({ reply }) =>
  sendXlsx(reply, "实销车辆导入模板.xlsx", await saleTemplate()),
);
