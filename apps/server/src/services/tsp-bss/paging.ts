/**
 * Kept for code written before the server's list helper: new code imports
 * `src/platform/listQuery.ts` (where, numberedPage, keysetPage) directly.
 */
import { limitOffset as pageLimitOffset } from "../../platform/listQuery";

export { containsPattern, UNPAGED_MAX } from "../../platform/listQuery";

/** pageNum/pageSize (already validated and coerced by the router) as SQL limit/offset. */
export function limitOffset(pageNum: unknown, pageSize: unknown): { limit: number; offset: number } {
  return pageLimitOffset({
    pageNum: pageNum === undefined ? undefined : Number(pageNum),
    pageSize: pageSize === undefined ? undefined : Number(pageSize),
  });
}

/** A query value as a string, or undefined when absent or empty. */
export function textParam(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** A query value as a number, or undefined when absent. */
export function numberParam(value: unknown): number | undefined {
  return value === undefined || value === null || value === "" ? undefined : Number(value);
}
