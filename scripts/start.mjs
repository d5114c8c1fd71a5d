#!/usr/bin/env node
// `npm start`: build the console and the API reference (/docs) when their sources are newer
// than the builds, then run the server in THIS process (no child): one process on one port
// serving the console, the APIs and their reference.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

/** Newest modification time of any file under the given folders. */
function newest(dirs) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== "node_modules" && name !== "dist") visit(path.join(p, name));
    } else max = Math.max(max, s.mtimeMs);
  };
  for (const d of dirs) visit(d);
  return max;
}

const built = path.join(root, "apps/console/dist/index.html");
const sources = [
  "apps/console/src",
  "apps/console/index.html",
  "packages/ui/src",
  "packages/domain/src",
  "packages/sdk/src",
];
if (!existsSync(built) || newest(sources) > statSync(built).mtimeMs) {
  console.log("Building the console …");
  execFileSync("npm", ["run", "build", "-w", "@tsp/console"], { stdio: "inherit" });
}

// Load the server's TypeScript in-process: tsx's loader, the workspaces' "source" condition.
const { register } = await import("tsx/esm/api");
register();

const { buildDocs, DEFAULT_DOCS_FILE, DOCS_SOURCES } = await import("./build-docs.mjs");
if (!existsSync(DEFAULT_DOCS_FILE) || newest(DOCS_SOURCES) > statSync(DEFAULT_DOCS_FILE).mtimeMs) {
  console.log("Building the API reference …");
  buildDocs();
}
await import(pathToFileURL(path.join(root, "apps/server/src/main.ts")).href);
