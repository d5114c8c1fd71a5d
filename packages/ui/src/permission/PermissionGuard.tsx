import { createContext, type ReactNode, useContext, useMemo } from "react";

/** The signed-in user's button permissions (spec §6: buttonApis of the permission reply). */
const ButtonApisContext = createContext<ReadonlySet<string>>(new Set());

/** Provides the user's buttonApis to every guard below it. */
export function PermissionProvider({ buttonApis, children }: { buttonApis: readonly string[]; children: ReactNode }) {
  const set = useMemo(() => new Set(buttonApis), [buttonApis]);
  return <ButtonApisContext.Provider value={set}>{children}</ButtonApisContext.Provider>;
}

/**
 * True when the user holds `need` (spec §6: "the same check is available as true/false").
 * An empty requirement is a programming slip: it warns and answers false.
 */
export function useHasPermission(need: string): boolean {
  const apis = useContext(ButtonApisContext);
  if (!need) {
    console.warn("[PermissionGuard] empty permission requirement");
    return false;
  }
  return apis.has(need);
}

/**
 * Renders its children only when the user holds `need`; otherwise the element is removed
 * (not disabled), as spec §6 says.
 */
export function PermissionGuard({ need, children }: { need: string; children: ReactNode }) {
  return useHasPermission(need) ? children : null;
}
