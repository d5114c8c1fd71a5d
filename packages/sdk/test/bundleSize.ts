import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type PluginBuild } from "esbuild";

const sdkDir = resolve(import.meta.dirname, "..");

/** An esbuild plugin leaving the modules whose path matches `filter` out of the bundle. */
const leaveOut = (name: string, filter: RegExp) => ({
  name,
  setup: (b: PluginBuild) => b.onResolve({ filter }, (a) => ({ path: a.path, external: true })),
});

/**
 * gzip -9 of the SDK's minified ESM bundle with openapi-fetch left out — the one measure of
 * the runtime's size, used by the package test's 6 KB limit and by `npm run bench`'s SDK case.
 * PKCS#1 v1.5 (node-forge) is a dynamic import, a chunk of its own loaded only when a server asks
 * for that padding, so it is not part of the runtime every console downloads (measured apart).
 * `withGenerated: false` also leaves out the generated operations table (data that grows with openapi/).
 */
export async function sdkGzipSize(withGenerated: boolean): Promise<number> {
  const out = await build({
    entryPoints: [join(sdkDir, "src/index.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    external: ["openapi-fetch"],
    write: false,
    logLevel: "silent",
    plugins: [
      leaveOut("lazy-forge-out", /\/forgeRsa$/),
      ...(withGenerated ? [] : [leaveOut("generated-out", /\/generated$/)]),
    ],
  });
  return gzipSync(out.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).length;
}
