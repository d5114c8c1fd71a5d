import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which message catalogues each lazily loaded screen needs, read from the source.
 *
 * The console's words are split: the shell's and the kit's are in `i18n/zh-CN.ts` / `en.ts`
 * (in the first screen's JavaScript); each area's are in `i18n/screens/<area>.ts`, which
 * registers itself when imported, so an area's words travel in the chunks of the screens that
 * import them. A screen that uses a word of a catalogue it does not import would show the key
 * (and log an error) — this reads every lazily loaded module's import graph (relative imports,
 * static and dynamic, `i18n/` left out) and finds the catalogues its string literals name: a
 * literal that is a key, or that is a key's prefix (`t(\`alarm.level.${l}\`)`,
 * `catalogueEnum(t, "remind.result", …)`).
 */
export const CONSOLE_SRC = path.resolve(import.meta.dirname, "../../../apps/console/src");
const SCREENS_DIR = path.join(CONSOLE_SRC, "i18n/screens");

/** Keys of a catalogue file: the quoted keys of its `zh` object. */
function keysOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const zh = text.slice(text.indexOf("const zh"), text.indexOf("const en"));
  return [...zh.matchAll(/^\s+"([A-Za-z0-9_.]+)":/gm)].map((m) => m[1] as string);
}

/** Every catalogue file (name without .ts) and its keys. */
export function catalogues(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of readdirSync(SCREENS_DIR).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"))) {
    out.set(f.replace(/\.ts$/, ""), keysOf(path.join(SCREENS_DIR, f)));
  }
  return out;
}

// Runtime imports only: `import type` / `export type` bring no code (and no words) along.
const STATIC_IMPORT = /(?:import|export)\s(?!type\s)[^'"]*?from\s+["'](\.[^"']+)["']|import\s+["'](\.[^"']+)["']/g;
const DYNAMIC_IMPORT = /import\s*\(\s*["'](\.[^"']+)["']\s*\)/g;

/** The file a relative import names (.ts, .tsx, or a folder's index). */
function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(c) && /\.tsx?$/.test(c)) return c;
  }
  return undefined;
}

/** Every module reachable from `entry` by relative imports (dynamic ones too when asked), except those `skip` names. */
function reachable(entry: string, dynamic: boolean, skip: (file: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    const specs = [...text.matchAll(STATIC_IMPORT)].map((m) => (m[1] ?? m[2]) as string);
    if (dynamic) specs.push(...[...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1] as string));
    for (const spec of specs) {
      const target = resolveImport(file, spec);
      if (target && !skip(target)) todo.push(target);
    }
  }
  return seen;
}

/** The module and everything it imports relatively (static and dynamic), the i18n folder left out. */
export function importGraph(entry: string): Set<string> {
  const i18n = `${path.join(CONSOLE_SRC, "i18n")}${path.sep}`;
  return reachable(entry, true, (file) => file.startsWith(i18n));
}

/** Catalogue names a module imports for their side effect of registering (`import "…/i18n/screens/x"`). */
export function importedCatalogues(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(file, "utf8").matchAll(/import\s+["'](\.[^"']*\/i18n\/screens\/([A-Za-z0-9]+))["']/g)) {
    out.push(m[2] as string);
  }
  return out;
}

/** The catalogues the string literals of these files need. */
export function neededCatalogues(files: Iterable<string>, all = catalogues()): Set<string> {
  const owner = new Map<string, string>();
  for (const [name, keys] of all) for (const k of keys) owner.set(k, name);
  const keys = [...owner.keys()];
  const needed = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const literals = [
      ...[...text.matchAll(/"([A-Za-z][A-Za-z0-9_.]*)"/g)].map((m) => m[1] as string),
      ...[...text.matchAll(/'([A-Za-z][A-Za-z0-9_.]*)'/g)].map((m) => m[1] as string),
      // A template's head: `alarm.level.${l}` names every key under "alarm.level.".
      ...[...text.matchAll(/`([A-Za-z][A-Za-z0-9_.]*)\$\{/g)].map((m) => `${m[1]}\u0000`),
    ];
    for (const lit of literals) {
      if (lit.endsWith("\u0000")) {
        const prefix = lit.slice(0, -1);
        if (!prefix.includes(".")) continue;
        for (const k of keys) if (k.startsWith(prefix)) needed.add(owner.get(k) as string);
        continue;
      }
      const exact = owner.get(lit);
      if (exact) needed.add(exact);
      if (lit.includes(".")) for (const k of keys) if (k.startsWith(`${lit}.`)) needed.add(owner.get(k) as string);
    }
  }
  return needed;
}

/** The lazily loaded modules: every `import("./…")` of the route table's screens and the app's other lazy parts. */
export function lazyEntries(): string[] {
  const out: string[] = [];
  for (const from of ["routes/screens.ts", "app/App.tsx", "shell/Header.tsx", "routes/dataHome/DataHomePage.tsx"]) {
    const file = path.join(CONSOLE_SRC, from);
    for (const m of readFileSync(file, "utf8").matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g)) {
      const target = resolveImport(file, m[1] as string);
      if (target) out.push(target);
    }
  }
  return out;
}

/** The modules the console loads before any lazy one: the entry's static import graph. */
export function firstScreenGraph(): Set<string> {
  return reachable(path.join(CONSOLE_SRC, "main.tsx"), false, () => false);
}
