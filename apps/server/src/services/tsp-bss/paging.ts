/**
 * Numbered paging (openapi/CONVENTIONS.md "Numbered page": pageNum from 1, pageSize) as SQL
 * limit/offset. The router has already bounded both (pageSize ≤ 10000 for the VIN, SN and
 * ICCID searches that ask for 10000 at once, spec §9).
 */
export function limitOffset(pageNum: unknown, pageSize: unknown): { limit: number; offset: number } {
  const size = Number(pageSize ?? 10);
  const page = Number(pageNum ?? 1);
  return { limit: size, offset: (page - 1) * size };
}

/** `%…%` for a case-insensitive substring match, with LIKE's wildcards escaped. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A query value as a string, or undefined when absent or empty. */
export function textParam(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** A query value as a number, or undefined when absent. */
export function numberParam(value: unknown): number | undefined {
  return value === undefined || value === null || value === "" ? undefined : Number(value);
}

/** Maximum rows of an unpaged list (openapi tsp-bss: "unpaged lists … stop at 200 rows"). */
export const UNPAGED_MAX = 200;
