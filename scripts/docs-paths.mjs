// Where the API reference page is built and what it is built from — plain paths, importable
// without a TypeScript loader (scripts/start.mjs decides from them whether to rebuild).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_DOCS_FILE = path.join(root, "apps/server/dist/docs/index.html");
/** What the page is built from: `npm start` rebuilds when any is newer than the page. */
export const DOCS_SOURCES = ["openapi", "redocly.yaml", "scripts/build-docs.mjs"].map((p) => path.join(root, p));
