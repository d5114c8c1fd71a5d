import * as d from "@tsp/domain";
import { buttonClass, FormDialog, useToast } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { type Translate, useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import { Jt808SentDialog } from "../commands/Jt808SentDialog";

const ACTIONS = ["lock", "unlock"] as const;

const doorSchema = (t: Translate) =>
  v.object({
    vin: v.pipe(
      v.string(),
      v.check((s) => d.vinProblem(s) === null, t("cmd.remote.msg.vin")),
    ),
    action: v.picklist(ACTIONS),
  });

/**
 * 远程控制's JT/T 808 车辆控制 (0x8500): lock or unlock the doors of a vehicle whose terminal speaks
 * JT/T 808 (the server refuses any other VIN), behind its own permission; after sending, the
 * command's state, the door as the terminal's 0x0500 reports it, and the vehicle's timeline.
 */
export function Jt808DoorButton() {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<{ id: number; vin: string } | null>(null);
  if (!can("sendJt808VehicleControl")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("cmd.jt808.door")}
      </button>
      {open && (
        <FormDialog
          open
          title={t("cmd.jt808.doorTitle")}
          fields={[
            { key: "vin", kind: "text", label: t("cmd.vin"), required: true, maxLength: 17 },
            {
              key: "action",
              kind: "select",
              label: t("cmd.jt808.doorAction"),
              required: true,
              options: ACTIONS.map((a) => ({ value: a, label: t(`cmd.jt808.door.${a}`) })),
            },
          ]}
          initial={{ vin: "", action: "lock" as (typeof ACTIONS)[number] }}
          schema={doorSchema(t)}
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            try {
              const c = await api.sendJt808VehicleControl(values.vin, values.action);
              toast.success(t("cmd.queued", { id: c.id }));
              setSent({ id: c.id, vin: c.vin });
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            setOpen(false);
            return null;
          }}
        />
      )}
      {sent && <Jt808SentDialog id={sent.id} vin={sent.vin} onClose={() => setSent(null)} />}
    </>
  );
}
