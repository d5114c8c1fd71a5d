#!/usr/bin/env node
// `npm start`: build the console, the API reference (/docs) and the server bundle when their
// sources are newer than the builds, then run the server in THIS process (no child): one
// process on one port serving the console, the APIs and their reference.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

/** Newest modification time of any file under the given folders. */
function newest(dirs) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== "node_modules" && name !== "dist") visit(path.join(p, name));
    } else max = Math.max(max, s.mtimeMs);
  };
  for (const d of dirs) visit(d);
  return max;
}

const built = path.join(root, "apps/console/dist/index.html");
const sources = [
  "apps/console/src",
  "apps/console/index.html",
  "packages/ui/src",
  "packages/domain/src",
  "packages/sdk/src",
];
if (!existsSync(built) || newest(sources) > statSync(built).mtimeMs) {
  console.log("Building the console …");
  execFileSync("npm", ["run", "build", "-w", "@tsp/console"], { stdio: "inherit" });
}

const { DEFAULT_DOCS_FILE, DOCS_SOURCES } = await import("./docs-paths.mjs");
if (!existsSync(DEFAULT_DOCS_FILE) || newest(DOCS_SOURCES) > statSync(DEFAULT_DOCS_FILE).mtimeMs) {
  console.log("Building the API reference …");
  execFileSync("npm", ["run", "build:docs"], { stdio: "inherit" });
}

// The server runs as one built module (scripts/build-server.mjs), made again when a source
// file is newer: no TypeScript loader in the running process (`npm run dev` keeps tsx).
// `npm start` runs the gateway (GB/T 32960, JT/T 808, HJ 1239) and a small simulated demo fleet in
// its process by default, so the console shows live data; an empty GATEWAY_PORT/JT808_PORT/HJ1239_PORT or
// SIMULATE=0 turns them off. The server itself (and so every test server) starts none of them.
process.env.GATEWAY_PORT ??= "32960";
process.env.JT808_PORT ??= "8808";
process.env.HJ1239_PORT ??= "1239";
// The 苏标 attachment server (active-safety terminals upload alarm attachments there after 0x9208).
process.env.ATTACHMENT_PORT ??= "8809";
process.env.SIMULATE ??= "20";
// The forwarder (转发平台账号: the machines' frames to their platforms); FORWARD=0 turns it off.
process.env.FORWARD ??= "1";
const { serveBuilt } = await import("./serve-built.mjs");
await serveBuilt();
