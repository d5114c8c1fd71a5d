import type * as d from "@tsp/domain";
import type { FormField, SelectOption } from "@tsp/ui";
import type { Translate } from "../../../i18n/i18n";

/** Choices the terminal form offers, loaded once by the page from the spec's lookups. */
export interface TboxChoices {
  models: SelectOption[];
  providers: SelectOption[];
  protocols: SelectOption[];
  states: SelectOption[];
  /** Free SIM cards of the tenant (findAllIccid): the ICCID box suggests them. */
  cards: string[];
}

/** The terminal's fields in the kit's form, labels from the catalogue (its Chinese from @tsp/domain). */
export function tboxFormFields(t: Translate, c: TboxChoices, editing: boolean): FormField[] {
  const field = (key: d.TboxField, kind: FormField["kind"], more?: Partial<FormField>): FormField => ({
    key,
    kind,
    label: t(`tbox.${key}`),
    ...more,
  });
  return [
    field("sn", "text", { readOnly: editing, required: true, maxLength: 17 }),
    field("model", "select", { options: c.models, required: true }),
    field("provider", "select", { options: c.providers, required: true }),
    field("protocol", "select", { options: c.protocols, required: true }),
    field("hardwareVersion", "text", { maxLength: 32 }),
    field("firmwareVersion", "text", { maxLength: 32 }),
    field("imei", "text", { maxLength: 15 }),
    field("iccid", "text", { maxLength: 20, suggestions: c.cards, placeholder: t("tbox.iccidPick") }),
    field("terminalId", "text", { maxLength: 30 }),
    field("authCode", "text", { maxLength: 64 }),
    field("state", "select", { options: c.states, required: true }),
    field("productionDate", "date"),
    field("remark", "textarea", { maxLength: 200 }),
  ];
}

/** A new terminal as the form starts it: unregistered, GB/T 32960, nothing else filled in. */
export const NEW_TBOX: d.TboxEdit = {
  sn: "",
  model: "",
  provider: "",
  protocol: "GBT32960",
  hardwareVersion: null,
  firmwareVersion: null,
  imei: null,
  iccid: null,
  terminalId: null,
  authCode: null,
  state: "unregistered",
  productionDate: null,
  remark: null,
};
