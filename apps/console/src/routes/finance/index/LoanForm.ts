import type * as d from "@tsp/domain";
import type { FormField, SelectOption } from "@tsp/ui";
import type { Translate } from "../../../i18n/i18n";

/** Choices of the loan form, loaded once by the page. */
export interface LoanChoices {
  orgs: SelectOption[];
  activeOrgs: SelectOption[];
  borrowerTypes: SelectOption[];
}

/** The loan's fields in the kit's form (the VIN is picked before; the number is the key once filed). */
export function loanFormFields(t: Translate, c: LoanChoices, editing: boolean): FormField[] {
  const field = (key: d.LoanField, kind: FormField["kind"], more?: Partial<FormField>): FormField => ({
    key,
    kind,
    label: t(`loan.${key}`),
    ...more,
  });
  return [
    field("loanNo", "text", { required: true, maxLength: 32, readOnly: editing }),
    field("vin", "text", { readOnly: true }),
    field("financeOrgCode", "select", { options: editing ? c.orgs : c.activeOrgs, required: true }),
    field("borrowerType", "select", { options: c.borrowerTypes, required: true }),
    field("borrowerName", "text", { required: true, maxLength: 100 }),
    field("borrowerPhone", "text", { required: true, maxLength: 20 }),
    field("borrowerIdNo", "text", { required: true, maxLength: 18 }),
    field("principal", "number", { required: true }),
    field("termMonths", "number", { required: true }),
    field("startDate", "date", { required: true }),
    field("repaidPeriods", "number", { required: true }),
  ];
}
