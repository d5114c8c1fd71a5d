import { defineConfig } from "tsup";

// ESM + CJS + .d.ts so a plain `node` script (import or require) and any bundler can use it.
// Two entries: the runtime (browser and Node) and `@tsp/sdk/node` (what needs node:fs).
export default defineConfig({
  entry: ["src/index.ts", "src/node.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
});
