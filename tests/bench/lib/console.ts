import { execFile } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { REPO_ROOT } from "./serverProcess";

const run = promisify(execFile);

/** Builds the console with its own Vite config into `outDir` (not apps/console/dist, which others use). */
export async function buildConsole(outDir: string): Promise<{ seconds: number }> {
  const started = performance.now();
  await run(
    process.execPath,
    [
      path.join(REPO_ROOT, "node_modules/vite/bin/vite.js"),
      "build",
      "--outDir",
      outDir,
      "--emptyOutDir",
      "--logLevel",
      "error",
    ],
    { cwd: path.join(REPO_ROOT, "apps/console"), maxBuffer: 16 * 1024 * 1024 },
  );
  return { seconds: (performance.now() - started) / 1000 };
}

/** One JavaScript file of the build, its gzip size (zlib level 6, what servers send) and why it loads. */
export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

/** What the first screen loads, and the rest. */
export interface ConsoleSizes {
  initial: ChunkSize[];
  lazy: ChunkSize[];
  css: ChunkSize[];
  /** Heavy libraries found (by the chunks' source maps) in initial chunks; should be empty. */
  heavyInInitial: string[];
  /** Heavy libraries found in lazy chunks, with the chunk. */
  heavyInLazy: Record<string, string[]>;
}

/** Libraries the issue wants out of the first screen: map (OpenLayers), chart (ApexCharts), editor (Tiptap/ProseMirror). */
const HEAVY: [string, RegExp][] = [
  ["map (ol)", /node_modules\/ol\//],
  ["chart (apexcharts)", /node_modules\/(react-)?apexcharts\//],
  ["editor (tiptap/prosemirror)", /node_modules\/(@tiptap|prosemirror-[a-z-]+)\//],
];

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers of an ES module (not `import()`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) if (m[1]) found.add(m[1]);
  return [...found];
}

/** An attribute's value in one HTML tag. */
const attr = (tag: string, name: string) => new RegExp(`${name}=["']([^"']+)["']`).exec(tag)?.[1];

/** The heavy libraries a chunk holds, by its source map's sources. */
async function heavyOf(file: string): Promise<string[]> {
  const map = await readFile(`${file}.map`, "utf8").catch(() => null);
  if (!map) return [];
  const sources = (JSON.parse(map) as { sources: string[] }).sources;
  return HEAVY.filter(([, re]) => sources.some((s) => re.test(s))).map(([name]) => name);
}

const gz = async (file: string): Promise<ChunkSize> => {
  const bytes = await readFile(file);
  return { file: path.basename(file), bytes: bytes.length, gzip: gzipSync(bytes).length };
};

/**
 * Parses the built index.html: its module script and modulepreload links, then every static
 * import of those files, transitively, is "loaded before the first screen"; every other .js
 * of the build is a lazy chunk. Source maps say which libraries each chunk holds.
 */
export async function measureConsole(distDir: string): Promise<ConsoleSizes> {
  const html = await readFile(path.join(distDir, "index.html"), "utf8");
  const entries = new Set<string>();
  const css: ChunkSize[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith("<script") && /type=["']module["']/.test(tag)) {
      const src = attr(tag, "src");
      if (src) entries.add(path.resolve(distDir, src));
    }
    if (tag.startsWith("<link") && /rel=["']modulepreload["']/.test(tag)) {
      const href = attr(tag, "href");
      if (href) entries.add(path.resolve(distDir, href));
    }
    if (tag.startsWith("<link") && /rel=["']stylesheet["']/.test(tag)) {
      const href = attr(tag, "href");
      if (href) css.push(await gz(path.join(distDir, href)));
    }
  }
  if (entries.size === 0) throw new Error("index.html has no module script");
  const initial = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (initial.has(file)) continue;
    initial.add(file);
    const code = await readFile(file, "utf8");
    for (const spec of staticImports(code)) {
      if (spec.startsWith(".")) queue.push(path.resolve(path.dirname(file), spec));
    }
  }
  const all: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir)) {
      const p = path.join(dir, entry);
      if ((await stat(p)).isDirectory()) await walk(p);
      else if (p.endsWith(".js")) all.push(p);
    }
  };
  await walk(path.resolve(distDir));
  const heavyInInitial = new Set<string>();
  for (const f of initial) for (const h of await heavyOf(f)) heavyInInitial.add(h);
  const heavyInLazy: Record<string, string[]> = {};
  const lazyFiles = all.filter((f) => !initial.has(f));
  for (const f of lazyFiles) {
    for (const h of await heavyOf(f)) {
      const chunks = heavyInLazy[h] ?? [];
      chunks.push(path.basename(f));
      heavyInLazy[h] = chunks;
    }
  }
  return {
    initial: await Promise.all([...initial].map(gz)),
    lazy: (await Promise.all(lazyFiles.map(gz))).toSorted((a, b) => b.gzip - a.gzip),
    css,
    heavyInInitial: [...heavyInInitial],
    heavyInLazy,
  };
}
