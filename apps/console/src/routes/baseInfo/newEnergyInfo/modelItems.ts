import type { DetailItem } from "@tsp/ui";
import type { VehicleModelParam } from "../../../api/types";
import type { Translate } from "../../../i18n/i18n";

/** An announcement model's parameters as label / value pairs (detail and binding dialogs). */
export function modelItems(t: Translate, m: VehicleModelParam): DetailItem[] {
  return [
    { label: t("ner.vehicleModel"), value: m.vehicleModel },
    { label: t("ner.model.vehicleName"), value: m.vehicleName },
    { label: t("ner.model.vehicleType"), value: m.vehicleType },
    { label: t("ner.model.manufacturer"), value: m.manufacturer },
    { label: t("ner.model.curbWeight"), value: String(m.curbWeight) },
    { label: t("ner.model.maxSpeed"), value: String(m.maxSpeed) },
    { label: t("ner.model.driveModel"), value: m.driveModel },
    { label: t("ner.model.tboxModel"), value: m.tboxModel },
    { label: t("ner.model.batteryModel"), value: m.batteryModel },
    { label: t("ner.model.ratedEnergy"), value: m.ratedEnergy === null ? null : String(m.ratedEnergy) },
  ];
}
