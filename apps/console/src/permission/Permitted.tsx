import type { ReactNode } from "react";
import { type OperationNeed, useCan } from "./useCan";

/**
 * Renders its children only when the account may call `op` (spec §6: an element requiring a
 * permission the user lacks is removed — absent from the page, not disabled). The permission is
 * named by the operation it guards: `<Permitted op="exportLoginLog">`.
 */
export function Permitted({ op, children }: { op: OperationNeed; children: ReactNode }) {
  return useCan()(op) ? children : null;
}
