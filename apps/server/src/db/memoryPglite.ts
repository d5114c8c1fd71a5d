import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * An in-memory PGlite ("memory://": tests, benches, throw-away runs) started from a copy of an
 * empty, freshly initialised cluster instead of running initdb again.
 *
 * Why: initdb is most of a PGlite start — 4–5 s on this 2-core machine against about 1.5 s to
 * load the same empty cluster from its dump — and the test suites start a PGlite server for
 * almost every file. The empty cluster depends only on the PGlite release (no migration, no
 * seed, nothing of ours), so one dump per release is kept in the machine's temporary folder
 * (`TSP_PGLITE_TEMPLATE_DIR` to move it) and shared by every process: whoever finds it
 * missing makes it and renames it into place (atomic), so concurrent makers never expose a
 * half-written file, and a damaged file is made again. Databases in a data folder never use
 * this path: their cluster is initialised once, where it lives.
 */
export async function newMemoryPglite(): Promise<PGlite> {
  const file = templateFile();
  const template = readTemplate(file);
  if (template) {
    try {
      const pglite = new PGlite({ loadDataDir: new Blob([new Uint8Array(template)]) });
      await pglite.waitReady;
      return pglite;
    } catch {
      // A damaged or foreign dump: fall through, initialise afresh and replace it.
    }
  }
  const pglite = new PGlite();
  await pglite.waitReady;
  // Still untouched: its dump is the empty cluster.
  await saveTemplate(file, pglite);
  return pglite;
}

/** `<tmp>/tsp-pglite-template/<PGlite version>.tar`. */
function templateFile(): string {
  const dir = process.env.TSP_PGLITE_TEMPLATE_DIR ?? path.join(os.tmpdir(), "tsp-pglite-template");
  return path.join(dir, `${pgliteVersion()}.tar`);
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@electric-sql/pglite");
  // …/node_modules/@electric-sql/pglite/dist/index.cjs → the package's package.json.
  const pkg = JSON.parse(readFileSync(path.join(entry, "../../package.json"), "utf8")) as { version: string };
  return pkg.version;
}

function readTemplate(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Dumps the untouched cluster next to `file` and renames it into place. */
async function saveTemplate(file: string, empty: PGlite): Promise<void> {
  try {
    const dump = await empty.dumpDataDir("none");
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // Only a cache: a read-only temporary folder costs the next start its initdb, nothing else.
  }
}
