import { operations, type PermittedOperation } from "./generated";

/**
 * What the runtime needs to know about an operation, read from openapi/ by the generator
 * (`src/generated`): its method and path, `x-long-running` (200 s timeout) and whether it is
 * public (`security: []`, no token sent).
 */
export interface OperationMeta {
  method: string;
  path: string;
  longRunning?: boolean;
  public?: boolean;
  permission?: string | null;
}

/** Operation metadata keyed by operationId, as generated. */
export type OperationTable = Readonly<Record<string, OperationMeta>>;

/** Resolved metadata of one call. */
export interface OperationInfo extends OperationMeta {
  operationId: string;
}

/** Index by "METHOD path" so the middleware finds an operation from the request in one lookup. */
export function indexOperations(table: OperationTable | undefined): Map<string, OperationInfo> {
  const index = new Map<string, OperationInfo>();
  for (const [operationId, meta] of Object.entries(table ?? {})) {
    index.set(`${meta.method.toUpperCase()} ${meta.path}`, { ...meta, operationId });
  }
  return index;
}

/**
 * The button permission (`x-permission`) guarding an operation, e.g. `permissionOf("exportLoginLog")`
 * → "/tbox/loginJournal/loginLog/export". Only operations that have one are accepted, so a
 * misspelt or unguarded operation is a compile error, not a silently hidden button.
 */
export function permissionOf<Op extends PermittedOperation>(op: Op): (typeof operations)[Op]["permission"] {
  return operations[op].permission;
}

/**
 * Every button permission that grants an operation: its `x-permission` and the ones of
 * `x-permission-also` (the same call behind a second menu). Holding any one of them suffices.
 */
export function permissionsOf(op: PermittedOperation): readonly string[] {
  const meta = operations[op];
  return [meta.permission, ...meta.alsoPermittedBy];
}
