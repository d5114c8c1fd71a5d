import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server for `npm run dev` (the reference server by default).
const apiTarget = process.env.API_TARGET ?? "http://127.0.0.1:8080";
const apiPrefixes = [
  "/b-iam-account",
  "/comm-inc-center",
  "/comm-data",
  "/tsp-bss",
  "/tsp-hbase-proxy",
  "/tsp-shadow",
  "/tsp-jsatl",
  "/tsp-ota",
  "/transfer",
  "/comm-saas-cloud",
  "/obs",
  "/health",
  "/config.json",
  "/docs",
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  base: "./",
  resolve: { conditions: ["source"] },
  server: {
    host: "127.0.0.1",
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // Our own packages have no import-time side effects: what the console does not use from
      // their barrels (e.g. @tsp/ui's HTML sanitiser and its DOMPurify) stays out of the first
      // screen's JavaScript (issue 6 target: ≤ 150 KB gzip).
      treeshake: {
        moduleSideEffects: (id: string) => !/\/packages\/(ui|domain|sdk)\/src\/.*\.tsx?$/.test(id),
      },
    },
  },
});
