import type { ReactNode } from "react";
import { usePermission } from "./usePermission";

/**
 * Renders its children only when the account holds `need` (spec §6: an element requiring a
 * permission the user lacks is removed — absent from the page, not disabled).
 */
export function Permitted({ need, children }: { need: string | readonly string[]; children: ReactNode }) {
  return usePermission(need) ? children : null;
}
