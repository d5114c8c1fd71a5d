#!/usr/bin/env node
// `npm run dev`: the reference server on :8080 and Vite's dev server (hot reload) on :5173,
// which proxies every API path to the server (apps/console/vite.config.ts).
import { spawn } from "node:child_process";

const children = [
  spawn("node", ["--conditions=source", "--import", "tsx", "--watch", "apps/server/src/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, CONSOLE_DIR: "" },
  }),
  spawn("npm", ["run", "dev", "-w", "@tsp/console"], { stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && code !== 0 && stop());
