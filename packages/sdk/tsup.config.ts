import { defineConfig } from "tsup";

// ESM + CJS + .d.ts so a plain `node` script (import or require) and any bundler can use it.
// Three entries: the runtime (browser and Node), `@tsp/sdk/node` (what needs node:fs) and
// `@tsp/sdk/stream` (the NDJSON journal stream for scripts, kept out of the runtime's 6 KB).
export default defineConfig({
  entry: ["src/index.ts", "src/node.ts", "src/stream.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
});
