import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** The repository's openapi/ folder, found from this file so any working directory works. */
export const DEFAULT_OPENAPI_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../openapi");

/** Every OpenAPI document of a folder, keyed by file name (`tsp-bss.yaml`). */
export type OpenApiDocuments = ReadonlyMap<string, Record<string, unknown>>;

/**
 * Reads every `*.yaml` of the contract folder (openapi/CONVENTIONS.md "Files"). A document
 * that does not parse stops the server: a broken contract must never be half-served.
 */
export function loadDocuments(dir: string = DEFAULT_OPENAPI_DIR): OpenApiDocuments {
  const docs = new Map<string, Record<string, unknown>>();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".yaml") || n.endsWith(".yml"));
  } catch {
    return docs;
  }
  for (const name of names.toSorted()) {
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
  return docs;
}

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
