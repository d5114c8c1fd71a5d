import { describe, expect, it } from "vitest";
import { checkSaleEdit, maskSaleIdNo, type SaleEdit, saleProblemText } from "./vehicleSaleEdit";

const sale: SaleEdit = {
  vin: "LGXCE4CB2S0000123",
  dealerCode: "D440305001",
  pickupCode: null,
  buyerType: "person",
  buyerName: "王小明",
  buyerPhone: "13912345678",
  buyerIdNo: "11010519491231002X",
  saleDate: "2026-01-15",
  invoiceNo: "00012345",
  price: 268800.5,
  use: "nonOperating",
  remark: null,
};
const reasons = (input: unknown) => {
  const r = checkSaleEdit(input, "2026-11-24");
  return r.ok ? [] : r.error.map((p) => `${p.field}:${p.msg}`);
};

describe("a retail sale's edit rules, the rest", () => {
  it("names a missing field by its column label", () => {
    const { invoiceNo: _i, ...noInvoice } = sale;
    expect(reasons(noInvoice)).toEqual(["invoiceNo:缺少字段：发票号码"]);
  });

  it("rejects a sale date not written yyyy-MM-dd, or not a calendar day", () => {
    expect(reasons({ ...sale, saleDate: "2026/01/15" })).toEqual(["saleDate:日期格式应为yyyy-MM-dd"]);
    expect(reasons({ ...sale, saleDate: "2026-02-29" })).toEqual(["saleDate:日期格式应为yyyy-MM-dd"]);
  });

  it("joins every problem of an import row with a full-width semicolon", () => {
    const r = checkSaleEdit({ ...sale, buyerPhone: "12345", invoiceNo: "1" }, "2026-11-24");
    expect(r.ok ? "" : saleProblemText(r.error)).toBe(
      "请输入正确的联系电话（以1开头的11位手机号，或如010-12345678的固定电话）；发票号码应为8位（机动车销售统一发票）或20位（数电发票）数字",
    );
  });

  it("shows a certificate of at most 8 characters unmasked", () => {
    expect(maskSaleIdNo("12345678")).toBe("12345678");
    expect(maskSaleIdNo("123456789")).toBe("1234*6789");
  });
});
