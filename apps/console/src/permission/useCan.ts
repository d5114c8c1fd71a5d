import { checkButtonPermission } from "@tsp/domain";
import { type PermittedOperation, permissionsOf } from "@tsp/sdk";
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { buttonApisAtom } from "../session/sessionAtoms";

/** One operation, or several of which any one suffices. */
export type OperationNeed = PermittedOperation | readonly PermittedOperation[];

/** True when the signed-in account may call `need` (spec §6 "the same check as true/false"). */
export type Can = (need: OperationNeed) => boolean;

/**
 * The button-permission check of the signed-in account, named by the operation a button calls:
 * `can("exportLoginLog")` looks up that operation's `x-permission` (and `x-permission-also`) in
 * the generated operations table and asks whether buttonApis lists one of them. A misspelt operation, or one without a button
 * permission, does not compile. The check is built once per screen (per buttonApis), not per
 * row. An empty list is a programming slip: false, with the domain's warning logged.
 */
export function useCan(): Can {
  const buttonApis = useAtomValue(buttonApisAtom);
  return useMemo(
    () => (need) => {
      const ops: readonly PermittedOperation[] = typeof need === "string" ? [need] : need;
      const check = checkButtonPermission(buttonApis, ops.flatMap(permissionsOf));
      if (check.warning) console.warn(check.warning);
      return check.allowed;
    },
    [buttonApis],
  );
}
