#!/usr/bin/env node
// `npm run simulate -- --vehicles N --protocol mixed|gbt32960|jt808|hj1239 [--host --port --jt808-port --hj1239-port --rate …]`:
// the fleet simulator (apps/server/src/simulator/main.ts) through tsx, arguments passed on.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const child = spawn(
  process.execPath,
  ["--conditions=source", "--import", "tsx", "apps/server/src/simulator/main.ts", ...process.argv.slice(2)],
  { stdio: "inherit", cwd: root },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
