import type * as d from "@tsp/domain";
import type { FormField, SelectOption } from "@tsp/ui";
import type { Translate } from "../../../i18n/i18n";

/** Choices of the sale form, loaded once by the page from the spec's lookups. */
export interface SaleChoices {
  /** Selling dealers (getSaleDealer). */
  saleDealers: SelectOption[];
  /** Every dealer (getDealer): the search's filter. */
  dealers: SelectOption[];
  pickups: SelectOption[];
  buyerTypes: SelectOption[];
  uses: SelectOption[];
}

/** The sale's fields in the kit's form (the VIN is picked before, from the unsold vehicles). */
export function saleFormFields(t: Translate, c: SaleChoices): FormField[] {
  const field = (key: d.SaleField, kind: FormField["kind"], more?: Partial<FormField>): FormField => ({
    key,
    kind,
    label: t(`sale.${key}`),
    ...more,
  });
  return [
    field("vin", "text", { readOnly: true }),
    field("dealerCode", "select", { options: c.saleDealers, required: true }),
    field("pickupCode", "select", { options: c.pickups }),
    field("buyerType", "select", { options: c.buyerTypes, required: true }),
    field("buyerName", "text", { required: true, maxLength: 100 }),
    field("buyerPhone", "text", { required: true, maxLength: 20 }),
    field("buyerIdNo", "text", { required: true, maxLength: 18 }),
    field("saleDate", "date", { required: true }),
    field("invoiceNo", "text", { required: true, maxLength: 20 }),
    field("price", "number", { required: true }),
    field("use", "select", { options: c.uses, required: true }),
    field("remark", "textarea", { maxLength: 200 }),
  ];
}

/** A new sale of `vin` as the form starts it: sold today to a person, for private use. */
export function newSale(vin: string, today: string): Record<string, unknown> {
  return {
    vin,
    dealerCode: null,
    pickupCode: null,
    buyerType: "person",
    buyerName: null,
    buyerPhone: null,
    buyerIdNo: null,
    saleDate: today,
    invoiceNo: null,
    price: null,
    use: "nonOperating",
    remark: null,
  };
}
