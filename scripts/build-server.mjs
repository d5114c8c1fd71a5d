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
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { parse as parseYaml } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(root, "apps/server/dist/server/main.mjs");
/** What the bundle (and the documents' JSON) is made of: a newer file here means it is out of date. */
export const SERVER_SOURCES = ["apps/server/src", "packages/domain/src", "packages/sdk/src/generated", "openapi"].map(
  (d) => path.join(root, d),
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
 * openapi/*.yaml parsed once into apps/server/dist/openapi.json with the stamp of the files
 * (names, sizes, modification times) that the server's `loadDocuments`
 * (apps/server/src/openapi/documents.ts) computes the same way: it uses the JSON only while
 * every file is unchanged. JSON.parse is ~30 × faster than parsing the YAML at each start.
 */
function writeDocumentsCache() {
  const dir = path.join(root, "openapi");
  const names = readdirSync(dir)
    .filter((n) => n.endsWith(".yaml") || n.endsWith(".yml"))
    .toSorted();
  const stamp = names
    .map((name) => {
      const s = statSync(path.join(dir, name));
      return `${name}:${s.size}:${s.mtimeMs}`;
    })
    .join("|");
  const docs = {};
  for (const name of names) {
    const parsed = parseYaml(readFileSync(path.join(dir, name), "utf8"));
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) docs[name] = parsed;
  }
  const target = path.join(root, "apps/server/dist/openapi.json");
  const partial = `${target}.${process.pid}.part`;
  writeFileSync(partial, JSON.stringify({ stamp, docs }));
  renameSync(partial, target);
}

/** npm packages loaded on first use in the bundle (see the plugin below). */
const LAZY_PACKAGES = /^(exceljs|sanitize-html|@e965\/xlsx)$/;

/**
 * The stand-in for a CommonJS package: its default import (`module.exports`) and each of its
 * named exports are function proxies, so reading a member (`ExcelJS.Workbook`, `XLSX.utils`),
 * calling one (`sanitize(html, options)`, `XLSX.read(…)`) or constructing one behaves as the
 * package itself, which is required the first time. The names are the package's own, read here
 * at build time from the same node_modules the server runs with (a plain value is copied).
 */
export function lazyModule(name) {
  const exportsAtBuild = createRequire(import.meta.url)(name);
  const named = Object.entries(exportsAtBuild)
    .filter(([key]) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== "default")
    .map(([key, value]) =>
      typeof value === "function" || (typeof value === "object" && value !== null)
        ? `export const ${key} = stand(() => load()[${JSON.stringify(key)}]);`
        : `export const ${key} = ${JSON.stringify(value)};`,
    );
  return `import { createRequire } from "node:module";
const requireNpm = createRequire(import.meta.url);
let loaded;
const load = () => (loaded ??= requireNpm(${JSON.stringify(name)}));
const stand = (real) => new Proxy(function lazyPackage() {}, {
  get: (_, key) => Reflect.get(real(), key),
  has: (_, key) => Reflect.has(real(), key),
  apply: (_, self, args) => Reflect.apply(real(), self, args),
  construct: (_, args) => Reflect.construct(real(), args),
});
export default stand(load);
${named.join("\n")}
`;
}

/**
 * Builds the bundle in memory and renames it into place, so a server starting while another
 * process rebuilds (two browser-test runs side by side) never imports a half-written file.
 */
export async function buildServer() {
  const result = await build({
    write: false,
    entryPoints: [path.join(root, "apps/server/src/main.ts")],
    outdir: path.dirname(SERVER_BUNDLE),
    entryNames: "main",
    // Modules imported with `await import()` become chunks loaded when first used: main.mjs
    // alone decides WORKERS (the primary of n processes never loads the server), and rarely
    // used code stays out of an idle server's memory. Chunks sit beside main.mjs (same depth).
    splitting: true,
    chunkNames: "[name]-[hash]",
    outExtension: { ".js": ".mjs" },
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
          // Heavy CommonJS packages only a few calls use (an import's or an export's workbook, a
          // content body's sanitising): their imports become a stand-in that requires the package
          // on first use, so an idle server never loads them (issue 21: exceljs with archiver and
          // unzipper ~0.5 s of every start and ~20 MB; sanitize-html ~0.1 s; SheetJS a 2 MB source).
          b.onResolve({ filter: LAZY_PACKAGES }, (args) =>
            args.namespace === "lazy-npm" ? undefined : { path: args.path, namespace: "lazy-npm" },
          );
          b.onLoad({ filter: /.*/, namespace: "lazy-npm" }, (args) => ({
            contents: lazyModule(args.path),
            loader: "js",
          }));
          // Bare imports are npm packages (kept as imports), except our own workspaces and
          // date-fns: bundled, only the functions @tsp/domain uses are in the bundle (importing
          // the package loads all of its ~250 functions: ~0.1 s and ~10 MB).
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@tsp/") || /^date-fns(\/|$)/.test(args.path)
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // Source maps first, then the chunks, main.mjs last: no module ever points to a file that is
  // not there yet. Chunk names carry their hash, so a running server keeps its own.
  const rank = (p) => (p.endsWith(".map") ? 0 : p === SERVER_BUNDLE ? 2 : 1);
  const files = result.outputFiles.toSorted((a, b) => rank(a.path) - rank(b.path));
  for (const file of files) {
    const partial = `${file.path}.${process.pid}.part`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  writeDocumentsCache();
  // Chunks of earlier builds, once no server started an hour ago could still import them.
  const dir = path.dirname(SERVER_BUNDLE);
  const current = new Set(result.outputFiles.map((f) => path.basename(f.path)));
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!current.has(name) && /\.(mjs|map)$/.test(name) && Date.now() - statSync(file).mtimeMs > 3_600_000)
      rmSync(file);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`server bundle: ${path.relative(root, SERVER_BUNDLE)}`);
}
