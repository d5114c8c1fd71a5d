import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { creditCodeCheckChar } from "../ner/creditCode";
import {
  checkSaleEdit,
  MSG_SALE_COMPANY_NAME,
  MSG_SALE_CREDIT_CODE,
  MSG_SALE_DATE_FUTURE,
  MSG_SALE_ID_CARD,
  MSG_SALE_INVOICE,
  MSG_SALE_PERSON_NAME,
  MSG_SALE_PHONE,
  MSG_SALE_PRICE,
  MSG_SALE_REASON,
  maskSaleIdNo,
  parseSaleBuyerType,
  parseSaleUse,
  type SaleEdit,
  SaleUndoSchema,
  saleEditOf,
} from "./vehicleSaleEdit";

const credit = `91440300MA5G0RQK8${creditCodeCheckChar("91440300MA5G0RQK8")}`;
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

describe("a retail sale's rules", () => {
  it("takes a person's and a company's sale", () => {
    expect(checkSaleEdit(sale, "2026-11-24")).toEqual({ ok: true, value: sale });
    const company = {
      ...sale,
      buyerType: "company",
      buyerName: "深圳市鹏程物流有限公司",
      buyerIdNo: credit.toLowerCase(),
    };
    const r = checkSaleEdit({ ...company, buyerPhone: "0755-88886666", invoiceNo: "25".padEnd(20, "7") }, "2026-11-24");
    expect(r.ok && r.value.buyerIdNo).toBe(credit);
  });

  it("checks the buyer by type: a person's name and ID number, a company's name and credit code", () => {
    expect(reasons({ ...sale, buyerIdNo: "110105194912310021" })).toEqual([`buyerIdNo:${MSG_SALE_ID_CARD}`]);
    expect(reasons({ ...sale, buyerName: "X" })).toEqual([`buyerName:${MSG_SALE_PERSON_NAME}`]);
    expect(reasons({ ...sale, buyerType: "company" })).toEqual([`buyerIdNo:${MSG_SALE_CREDIT_CODE}`]);
    expect(reasons({ ...sale, buyerType: "company", buyerName: "A", buyerIdNo: credit })).toEqual([
      `buyerName:${MSG_SALE_COMPANY_NAME}`,
    ]);
    expect(reasons({ ...sale, buyerPhone: "12345" })).toEqual([`buyerPhone:${MSG_SALE_PHONE}`]);
  });

  it("checks the invoice, the price to the fen and the date", () => {
    expect(reasons({ ...sale, invoiceNo: "1234567" })).toEqual([`invoiceNo:${MSG_SALE_INVOICE}`]);
    expect(reasons({ ...sale, price: 0 })).toEqual([`price:${MSG_SALE_PRICE}`]);
    expect(reasons({ ...sale, price: 1.234 })).toEqual([`price:${MSG_SALE_PRICE}`]);
    expect(reasons({ ...sale, saleDate: "2026-11-25" })).toEqual([`saleDate:${MSG_SALE_DATE_FUTURE}`]);
    expect(reasons({ ...sale, use: "rental" })).toEqual(["use:使用性质应为营运或非营运"]);
  });

  it("never throws, and an undo needs a reason", () => {
    expect(reasons("x")).toEqual(["vin:销售记录格式不正确"]);
    expect(v.safeParse(SaleUndoSchema, { vin: sale.vin, reason: " " }).issues?.[0]?.message).toBe(MSG_SALE_REASON);
    expect(v.safeParse(SaleUndoSchema, { vin: sale.vin, reason: "录错车架号" }).success).toBe(true);
  });

  it("masks a certificate for lists and reads import cells by code or name", () => {
    expect(maskSaleIdNo("11010519491231002X")).toBe("1101**********002X");
    expect(parseSaleBuyerType("企业")).toBe("company");
    expect(parseSaleUse("营运")).toBe("operating");
    expect(parseSaleUse("自用")).toBeNull();
    expect(saleEditOf({ ...sale, extra: 1 } as SaleEdit)).toEqual(sale);
  });
});
