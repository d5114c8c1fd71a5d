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
