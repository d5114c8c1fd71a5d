import { DEVICE_CHANGE_KIND_INFO, type DeviceChangeKind } from "@tsp/domain";
import { permissionsOf } from "@tsp/sdk";
import { useAtomValue } from "jotai";
import { buttonApisAtom } from "../../../session/sessionAtoms";

type Action = "add" | "review" | "export";
const OPS = { add: "createDeviceChange", review: "reviewDeviceChange", export: "exportDeviceChanges" } as const;

/**
 * Whether the account holds the kind's own button for an action. The four screens share one
 * operation per action (its x-permission and x-permission-also name one button per screen), and
 * the server asks for the record's kind's button: so the console looks among the operation's
 * permissions for the one of this screen, never a string of its own.
 */
export function useKindCan(kind: DeviceChangeKind): (action: Action) => boolean {
  const buttons = useAtomValue(buttonApisAtom);
  const route = `/deviceManage/${DEVICE_CHANGE_KIND_INFO[kind].route}/`;
  return (action) => {
    const mine = permissionsOf(OPS[action]).filter((p) => p.startsWith(route));
    return mine.some((p) => buttons.includes(p));
  };
}
