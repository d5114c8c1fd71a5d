import { checkButtonPermission } from "@tsp/domain";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { buttonApisAtom } from "../session/sessionAtoms";

/**
 * True when the signed-in account holds the button permission (spec §6 "the same check is
 * available as true/false"); the strings are the ones the server enforces (`x-permission`).
 * An empty requirement answers false and prints the domain's warning.
 */
export function usePermission(required: string | readonly string[]): boolean {
  const buttonApis = useAtomValue(buttonApisAtom);
  const check = checkButtonPermission(buttonApis, required);
  useEffect(() => {
    if (check.warning) console.warn(check.warning);
  }, [check.warning]);
  return check.allowed;
}
