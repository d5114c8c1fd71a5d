import * as d from "@tsp/domain";
import { FormDialog, useToast } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/commands";
import { useT } from "../../../i18n/i18n";
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

/** The form's values, checked by @tsp/domain's VIN rule and remoteControlProblem (the value's range per action). */
const Schema = v.pipe(
  v.object({
    vin: v.pipe(
      v.string(),
      v.check((s) => d.vinProblem(s) === null, "请输入正确的17位VIN"),
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
    }, "空调温度为16–32℃、启动时长为1–30分钟的整数，其他动作不带参数"),
    ["value"],
  ),
);

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
      schema={Schema}
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
