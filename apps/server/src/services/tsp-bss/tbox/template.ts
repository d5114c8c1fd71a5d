import { defineHandler } from "../../defineHandler";
import { sendXlsx } from "../ner/template";
import { EXAMPLE_ROW, TBOX_COLUMNS } from "./columns";
import { templateOf } from "./sheet";

/** The T-BOX import template: the sheet the import reads (headers, one example row) and 填写说明. */
export const tboxTemplate = () =>
  templateOf(
    "TBOX数据",
    TBOX_COLUMNS,
    { ...EXAMPLE_ROW },
    "第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。已存在的终端序列号默认不导入，勾选“覆盖已有数据”时更新其可编辑字段（绑定关系不变）。绑定车辆请在列表中操作。",
  );

/** downloadTboxTemplate: the import dialog's first step. */
export const downloadTboxTemplate = defineHandler<"downloadTboxTemplate">(async ({ reply }) =>
  sendXlsx(reply, "TBOX数据导入模板.xlsx", await tboxTemplate()),
);
