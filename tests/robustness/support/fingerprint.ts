import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { type Kysely, sql } from "kysely";

/**
 * What the data looks like right now: per table the row count and an order-independent
 * checksum of every row (sum of 64-bit hashes of the row's text), plus every file of the
 * object store with its size. Two equal fingerprints mean nothing was written in between.
 */
export interface Fingerprint {
  tables: Record<string, string>;
  objects: Record<string, number>;
}

/**
 * Tables that record calls rather than hold data: the operation log writes an entry for every
 * mutating call, refused ones included (that is its job), so "nothing was written" leaves it out.
 * permit-tenants-log.test.ts proves what it records.
 */
export const AUDIT_TABLES: ReadonlySet<string> = new Set(["operation_log"]);

/** Tables of the public schema but the audit tables, read once per database (migrations do not run mid-test). */
export async function tablesOf(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((name) => !AUDIT_TABLES.has(name))
    .toSorted();
}

/** One query over every table (a fingerprint costs one round trip, not one per table). */
export async function fingerprint(
  db: Kysely<unknown>,
  tables: readonly string[],
  objectsRoot: string,
): Promise<Fingerprint> {
  const parts = tables.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0)::text as sum from ${sql.table(name)} x`,
  );
  const result = await sql<{ name: string; sum: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  const out: Fingerprint = { tables: {}, objects: {} };
  for (const r of result.rows) out.tables[r.name] = r.sum;
  out.objects = await filesUnder(objectsRoot);
  return out;
}

/** Every file under the object store's root with its size (a missing root has none). */
export async function filesUnder(root: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch {
    return out;
  }
  for (const rel of entries.toSorted()) {
    const s = await stat(path.join(root, rel)).catch(() => null);
    if (s?.isFile()) out[rel] = s.size;
  }
  return out;
}

/** The tables and files that differ between two fingerprints (empty when nothing changed). */
export function differences(before: Fingerprint, after: Fingerprint): string[] {
  const out: string[] = [];
  for (const name of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    if (before.tables[name] !== after.tables[name])
      out.push(`table ${name}: ${before.tables[name]} → ${after.tables[name]}`);
  }
  for (const file of new Set([...Object.keys(before.objects), ...Object.keys(after.objects)])) {
    if (before.objects[file] !== after.objects[file])
      out.push(`object ${file}: ${before.objects[file]} → ${after.objects[file]}`);
  }
  return out;
}
