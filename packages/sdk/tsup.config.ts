import { defineConfig } from "tsup";

// ESM + CJS + .d.ts so a plain `node` script (import or require) and any bundler can use it.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
});
