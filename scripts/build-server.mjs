#!/usr/bin/env node
// `npm run build:server`: the reference server as one ES module for `npm start` — the server's
// and the workspaces' TypeScript (@tsp/domain, @tsp/sdk's generated types) bundled by esbuild,
// every npm dependency left as an import of node_modules. Running it needs no TypeScript loader:
// tsx's loader and its compile cache were most of the idle server's memory (issue 21).
// `npm run dev`, the tests and `npm run gateway` keep running the sources through tsx.
//
// The bundle is written to apps/server/dist/server/main.mjs: the same depth as the source
// folders (apps/server/src/<folder>/), so the paths the code computes from its own file
// (openapi/, dist/docs/) point to the same places from the bundle as from the sources.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(root, "apps/server/dist/server/main.mjs");
/** What the bundle is made of: a newer file here means it is out of date. */
export const SERVER_SOURCES = ["apps/server/src", "packages/domain/src", "packages/sdk/src/generated"].map((d) =>
  path.join(root, d),
);

/** Newest modification time of the files under the given folders. */
function newest(dirs) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else max = Math.max(max, s.mtimeMs);
  };
  for (const d of dirs) visit(d);
  return max;
}

/** True when the bundle is missing or older than a source file. */
export function serverBundleStale() {
  return !existsSync(SERVER_BUNDLE) || newest(SERVER_SOURCES) > statSync(SERVER_BUNDLE).mtimeMs;
}

/**
 * Builds the bundle in memory and renames it into place, so a server starting while another
 * process rebuilds (two browser-test runs side by side) never imports a half-written file.
 */
export async function buildServer() {
  const result = await build({
    write: false,
    entryPoints: [path.join(root, "apps/server/src/main.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // The workspaces export their TypeScript under the "source" condition.
    conditions: ["source"],
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        name: "npm-dependencies-stay-external",
        setup(b) {
          // Bare imports are npm packages (kept as imports), except our own workspaces.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@tsp/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // The source map first, so the module never points to a map that is not there yet.
  const files = result.outputFiles.toSorted(
    (a, b) => Number(b.path.endsWith(".map")) - Number(a.path.endsWith(".map")),
  );
  for (const file of files) {
    const partial = `${file.path}.${process.pid}.part`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`server bundle: ${path.relative(root, SERVER_BUNDLE)}`);
}
