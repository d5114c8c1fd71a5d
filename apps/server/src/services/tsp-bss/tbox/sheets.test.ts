import {
  checkSaleEdit,
  checkTboxEdit,
  SALE_BUYER_TYPES,
  SALE_FIELD_LABELS,
  SALE_USES,
  TBOX_FIELD_LABELS,
  TBOX_PROTOCOLS,
  TBOX_STATES,
} from "@tsp/domain";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { loadDocuments } from "../../../openapi/documents";
import { readSheet } from "../ner/sheet";
import { SALE_COLUMNS } from "../vehicleSale/columns";
import { saleTemplate } from "../vehicleSale/template";
import { EXAMPLE_ROW, EXAMPLE_SN, TBOX_COLUMNS } from "./columns";
import { tboxTemplate } from "./template";

type Schema = { enum?: string[]; required?: string[] };
const schemas = (loadDocuments().get("tsp-bss.yaml") as { components: { schemas: Record<string, Schema> } }).components
  .schemas;
const of = (name: string): Schema => schemas[name] ?? {};

describe("the contract and @tsp/domain say the same of a terminal and a sale", () => {
  it("lists the same protocols, states, buyer types and uses, and the same editable fields", () => {
    expect(of("TboxProtocol").enum).toEqual([...TBOX_PROTOCOLS]);
    expect(of("TboxState").enum).toEqual([...TBOX_STATES]);
    expect(of("SaleBuyerType").enum).toEqual([...SALE_BUYER_TYPES]);
    expect(of("SaleUse").enum).toEqual([...SALE_USES]);
    expect(of("TboxUpdate").required).toEqual([...Object.keys(TBOX_FIELD_LABELS), "updatedAt"]);
    expect(of("VehicleSaleEdit").required).toEqual(Object.keys(SALE_FIELD_LABELS));
  });
});

describe("the templates", () => {
  it("write the header row the imports read, in the domain's order, long numbers as text", async () => {
    expect(TBOX_COLUMNS.map((c) => c.header)).toEqual(Object.values(TBOX_FIELD_LABELS));
    expect(SALE_COLUMNS.map((c) => c.header)).toEqual(Object.values(SALE_FIELD_LABELS));
    const tbox = await tboxTemplate();
    const rows = await readSheet(
      tbox,
      TBOX_COLUMNS.map((c) => c.header),
    );
    expect(rows.map((r) => r.cells.get("终端序列号"))).toEqual([EXAMPLE_SN]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(tbox as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(["TBOX数据", "填写说明"]);
    expect(book.getWorksheet("TBOX数据")?.getColumn(1).numFmt).toBe("@");
    const sales = await readSheet(
      await saleTemplate(),
      SALE_COLUMNS.map((c) => c.header),
    );
    expect(sales).toHaveLength(1);
  });

  it("show an example terminal the rules take (so the hints are not lying); a sale example is refused by its VIN only", () => {
    const example = {
      ...EXAMPLE_ROW,
      protocol: "GBT32960",
      state: "unregistered",
      iccid: null,
      terminalId: null,
      authCode: null,
      remark: null,
    };
    expect(checkTboxEdit(example, { today: "2026-11-24", boundVin: null }).ok).toBe(true);
    expect(checkSaleEdit({}, "2026-11-24").ok).toBe(false);
  });
});
