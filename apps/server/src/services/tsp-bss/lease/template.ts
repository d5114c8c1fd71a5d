import { defineHandler } from "../../defineHandler";
import { sendXlsx } from "../ner/template";
import { templateOf } from "../tbox/sheet";
import { EXAMPLE_ROW, LEASE_COLUMNS } from "./columns";

export const leaseTemplate = () =>
  templateOf(
    "租赁合同",
    LEASE_COLUMNS,
    { ...EXAMPLE_ROW },
    "第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。整个文件要么全部导入，要么全部不导入：任何一行有误时本次不保存任何合同，请按结果逐行修改后重新导入。已有的合同编号不会被覆盖。",
  );

/** downloadLeaseContractTemplate: the import dialog's first step. */
export const downloadLeaseContractTemplate = defineHandler<"downloadLeaseContractTemplate">(async ({ reply }) =>
  sendXlsx(reply, "租赁合同导入模板.xlsx", await leaseTemplate()),
);
