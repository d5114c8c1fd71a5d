import { checkButtonPermission } from "@tsp/domain";
import { createContext, type ReactNode, useContext } from "react";

/** The signed-in user's button permissions (spec §6: buttonApis of the permission reply). */
const ButtonApisContext = createContext<readonly string[]>([]);

/** Provides the user's buttonApis to every guard below it. */
export function PermissionProvider({ buttonApis, children }: { buttonApis: readonly string[]; children: ReactNode }) {
  return <ButtonApisContext.Provider value={buttonApis}>{children}</ButtonApisContext.Provider>;
}

/**
 * True when the user holds `need` (one permission, or any of several) — spec §6 "the same
 * check is available as true/false". An empty requirement warns and answers false (domain rule).
 */
export function useHasPermission(need: string | readonly string[]): boolean {
  const check = checkButtonPermission(useContext(ButtonApisContext), need);
  if (check.warning) console.warn(`[PermissionGuard] ${check.warning}`);
  return check.allowed;
}

/**
 * Renders its children only when the user holds `need`; otherwise the element is removed
 * (not disabled), as spec §6 says.
 */
export function PermissionGuard({ need, children }: { need: string | readonly string[]; children: ReactNode }) {
  return useHasPermission(need) ? children : null;
}
