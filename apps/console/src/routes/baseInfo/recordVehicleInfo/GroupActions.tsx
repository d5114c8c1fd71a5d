import * as d from "@tsp/domain";
import { useState } from "react";
import * as api from "../../../api/ner";
import type { NerGroup, NerGroupRecord, NerGroupUpdate } from "../../../api/types";
import { useT } from "../../../i18n/i18n";
import { EditButton } from "../../../kit/RowActions";
import { ChangeLogButton } from "../ner/ChangeLogButton";
import { type FormHints, groupFields } from "../ner/groupForms";
import type { NerChoices } from "../ner/nerSearch";

const UPDATE_OPS = {
  vehicleInfo: "updateNerVehicleInfo",
  batteryInfo: "updateNerBatteryInfo",
  driveInfo: "updateNerDriveInfo",
  terminalInfo: "updateNerTerminalInfo",
} as const;

const NO_HINTS: FormHints = { battery: [], drive: [], tbox: [], providers: [], iccids: [], bodyColors: [] };

/** What the form of `group` suggests for a vehicle: the models its announcement model files first. */
async function hintsFor(group: NerGroup, vin: string): Promise<FormHints> {
  const model = await api.vehicleModelOf(vin);
  const byModel = model ? await api.modelSuggestions(model.vehicleModelId) : { battery: [], drive: [], tbox: [] };
  if (group === "terminalInfo") {
    const [providers, iccids] = await Promise.all([api.providers(), api.unboundIccids()]);
    return { ...NO_HINTS, ...byModel, providers, iccids };
  }
  if (group === "vehicleInfo") return { ...NO_HINTS, ...byModel, bodyColors: await api.bodyColors() };
  return { ...NO_HINTS, ...byModel };
}

/**
 * 编辑 and 变更记录 of one group of a vehicle. The form opens on the record as the server has it
 * now (read again, with its `updateTime`), checked by @tsp/domain's Edit schema; the save sends
 * that `updateTime` back, so a save by someone else in between is refused (409, shown above the
 * fields with the draft kept) rather than overwritten.
 */
export function GroupActions({ group, row, choices }: { group: NerGroup; row: NerGroupRecord; choices: NerChoices }) {
  const t = useT();
  const [hints, setHints] = useState<FormHints>(NO_HINTS);
  const groupName = t(`ner.group.${group}`);
  return (
    <>
      <EditButton
        op={UPDATE_OPS[group]}
        title={`${t("ner.edit", { group: groupName })} ${row.vin}`}
        fields={groupFields(t, group, choices, hints)}
        schema={d.nerEditSchema(group) as never}
        initial={async () => {
          const [now, found] = await Promise.all([
            api.singleGroup(group, row.vin),
            hintsFor(group, row.vin).catch(() => NO_HINTS),
          ]);
          setHints(found);
          const edit: Record<string, unknown> = d.nerEditOf(group, row.vin, now);
          // A list field never filled starts as an empty list (one code per line).
          for (const key of ["packCodes", "motorCodes"]) if (key in edit && edit[key] === null) edit[key] = [];
          return edit;
        }}
        save={(edit) => api.updateGroup(group, edit as NerGroupUpdate)}
      />
      <ChangeLogButton group={group} vin={row.vin} people={choices.updateNames} />
    </>
  );
}
