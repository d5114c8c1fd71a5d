import * as d from "@tsp/domain";
import { FormDialog, useToast } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { type Translate, useT } from "../../../i18n/i18n";
import { refusalByField } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

const GROUPS = Object.keys(api.REMOTE_GROUPS) as api.RemoteGroupName[];

/** The actions the signed-in account may send: those of every group whose operation it holds. */
export function usePermittedActions(): api.RemoteAction[] {
  const can = useCan();
  return GROUPS.filter((g) => can(api.REMOTE_GROUPS[g].operation)).flatMap((g) => [...api.REMOTE_GROUPS[g].actions]);
}

const groupOf = (action: api.RemoteAction) =>
  GROUPS.find((g) => (api.REMOTE_GROUPS[g].actions as readonly string[]).includes(action)) as api.RemoteGroupName;

/**
 * The form's values, checked by @tsp/domain's VIN rule and remoteControlProblem (the value's range
 * per action). Built per locale: its messages are catalogue keys (`cmd.remote.msg.*`).
 */
function remoteSchema(t: Translate) {
  return v.pipe(
    v.object({
      vin: v.pipe(
        v.string(),
        v.check((s) => d.vinProblem(s) === null, t("cmd.remote.msg.vin")),
      ),
      action: v.string(),
      value: v.nullable(v.number()),
    }),
    v.forward(
      v.check((c) => {
        const needs = d.REMOTE_VALUE_RANGES[c.action as d.RemoteAction] !== undefined;
        const control =
          needs || c.value !== null
            ? { action: c.action as d.RemoteAction, value: c.value ?? -1 }
            : { action: c.action as d.RemoteAction };
        return d.remoteControlProblem(control) === undefined;
      }, t("cmd.remote.msg.value")),
      ["value"],
    ),
  );
}

/**
 * 远程控制's form: the action (only those the account holds a permission for), its value where
 * it takes one, and the VIN (fixed when opened from a vehicle's row). Sends through the action's
 * group operation; `onSent` gets the VIN to show its timeline.
 */
export function RemoteDialog({
  vin,
  onClose,
  onSent,
}: {
  vin?: string;
  onClose: () => void;
  onSent: (vin: string) => void;
}) {
  const t = useT();
  const toast = useToast();
  const actions = usePermittedActions();
  const options = actions.map((a) => ({ value: a, label: t(`cmd.remote.action.${a}`) }));
  return (
    <FormDialog
      open
      title={t("cmd.remote.title", { vin: vin ?? "" })}
      fields={[
        ...(vin
          ? []
          : [{ key: "vin" as const, kind: "text" as const, label: t("cmd.vin"), required: true, maxLength: 17 }]),
        { key: "action", kind: "select", label: t("cmd.remote.action"), required: true, options },
        { key: "value", kind: "number", label: t("cmd.remote.value") },
      ]}
      initial={{ vin: vin ?? "", action: actions[0] ?? "", value: null as number | null }}
      schema={remoteSchema(t)}
      onClose={onClose}
      onSubmit={async (values) => {
        const action = values.action as api.RemoteAction;
        try {
          const c = await api.sendRemoteControl(values.vin, groupOf(action), action, values.value ?? undefined);
          toast.success(t("cmd.queued", { id: c.id }));
        } catch (error) {
          return refusalByField(error) ?? {};
        }
        onSent(values.vin);
        return null;
      }}
    />
  );
}
