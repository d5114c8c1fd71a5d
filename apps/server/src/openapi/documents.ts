import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * yaml is required only when a document is parsed: the built server reads the JSON the build
 * wrote (builtDocuments below), so an ordinary start never loads the parser (issue 21).
 */
const requireNpm = createRequire(import.meta.url);
const parse = (text: string): unknown => (requireNpm("yaml") as typeof import("yaml")).parse(text);

/** The repository's openapi/ folder, found from this file so any working directory works. */
export const DEFAULT_OPENAPI_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../openapi");

/** Every OpenAPI document of a folder, keyed by file name (`tsp-bss.yaml`). */
export type OpenApiDocuments = ReadonlyMap<string, Record<string, unknown>>;

/**
 * Reads every `*.yaml` of the contract folder (openapi/CONVENTIONS.md "Files"). A document
 * that does not parse stops the server: a broken contract must never be half-served.
 */
export function loadDocuments(dir: string = DEFAULT_OPENAPI_DIR): OpenApiDocuments {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith(".yaml") || n.endsWith(".yml"))
      .toSorted();
  } catch {
    return new Map();
  }
  // Parsing the whole contract takes 1–3 s on this machine, and a process reads it more than once
  // (each server start, the operation-log seed, the test servers of one worker). The parsed
  // documents are kept while no file of the folder changed (names, sizes and times); nothing
  // writes into them (they are deep-frozen).
  const stamp = names
    .map((name) => {
      const s = statSync(path.join(dir, name));
      return `${name}:${s.size}:${s.mtimeMs}`;
    })
    .join("|");
  const kept = parsedByDir.get(dir);
  if (kept?.stamp === stamp) return kept.docs;
  const docs = (dir === DEFAULT_OPENAPI_DIR ? builtDocuments(stamp) : undefined) ?? new Map();
  for (const name of docs.size > 0 ? [] : names) {
    const text = readFileSync(path.join(dir, name), "utf8");
    let parsed: unknown;
    try {
      parsed = parse(text);
    } catch (error) {
      throw new Error(`openapi/${name} is not valid YAML: ${(error as Error).message}`, { cause: error });
    }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      docs.set(name, parsed as Record<string, unknown>);
  }
  for (const doc of docs.values()) deepFreeze(doc);
  parsedByDir.set(dir, { stamp, docs });
  return docs;
}

/**
 * The parsed documents `npm run build:server` keeps as JSON with the stamp of the files it
 * parsed (scripts/build-server.mjs), used only while the stamp is the same: a start of the
 * built server reads JSON (~0.1 s) instead of parsing the YAML (1–3 s, most of a start).
 */
export const DOCUMENTS_CACHE = path.resolve(DEFAULT_OPENAPI_DIR, "../apps/server/dist/openapi.json");

function builtDocuments(stamp: string): Map<string, Record<string, unknown>> | undefined {
  try {
    const cache = JSON.parse(readFileSync(DOCUMENTS_CACHE, "utf8")) as {
      stamp: string;
      docs: Record<string, Record<string, unknown>>;
    };
    return cache.stamp === stamp ? new Map(Object.entries(cache.docs)) : undefined;
  } catch {
    return undefined; // no build (sources run by tsx) or an unreadable file: parse the YAML
  }
}

/** Frozen, so a reader that wrote into the shared documents would fail at once instead of changing every later reader's view. */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/** The last parse of each folder, with the stamp of its files at that time. */
const parsedByDir = new Map<string, { stamp: string; docs: OpenApiDocuments }>();

/** The documents' text by file name, for serving them as they are written (/docs/openapi/…). */
export function readDocumentTexts(dir: string = DEFAULT_OPENAPI_DIR): ReadonlyMap<string, string> {
  const texts = new Map<string, string>();
  try {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".yaml"))) {
      texts.set(name, readFileSync(path.join(dir, name), "utf8"));
    }
  } catch {
    // No folder: nothing to serve.
  }
  return texts;
}
