import type * as d from "@tsp/domain";
import type { FormField, SelectOption } from "@tsp/ui";
import type { Translate } from "../../../i18n/i18n";

/** Choices of the contract form, loaded once by the page. */
export interface LeaseChoices {
  /** Every lease organisation of the caller (the search's filter). */
  orgs: SelectOption[];
  /** Those in cooperation (a new contract names one). */
  activeOrgs: SelectOption[];
  lesseeTypes: SelectOption[];
}

/** The contract's fields in the kit's form (the VIN is picked before; the number is the key once filed). */
export function leaseFormFields(t: Translate, c: LeaseChoices, editing: boolean): FormField[] {
  const field = (key: d.LeaseField, kind: FormField["kind"], more?: Partial<FormField>): FormField => ({
    key,
    kind,
    label: t(`lease.${key}`),
    ...more,
  });
  return [
    field("contractNo", "text", { required: true, maxLength: 32, readOnly: editing }),
    field("vin", "text", { readOnly: true }),
    field("leaseOrgCode", "select", { options: editing ? c.orgs : c.activeOrgs, required: true }),
    field("lesseeType", "select", { options: c.lesseeTypes, required: true }),
    field("lesseeName", "text", { required: true, maxLength: 100 }),
    field("lesseePhone", "text", { required: true, maxLength: 20 }),
    field("lesseeIdNo", "text", { required: true, maxLength: 18 }),
    field("startDate", "date", { required: true }),
    field("endDate", "date", { required: true }),
    field("monthlyRent", "number", { required: true }),
    field("deposit", "number", { required: true }),
    field("remark", "textarea", { maxLength: 200 }),
  ];
}

/** A new contract of `vin` as the form starts it: a company lessee, starting today for a year. */
export function newLease(vin: string, today: string, yearEnd: string): Record<string, unknown> {
  return {
    contractNo: null,
    vin,
    leaseOrgCode: null,
    lesseeType: "company",
    lesseeName: null,
    lesseePhone: null,
    lesseeIdNo: null,
    startDate: today,
    endDate: yearEnd,
    monthlyRent: null,
    deposit: 0,
    remark: null,
  };
}
