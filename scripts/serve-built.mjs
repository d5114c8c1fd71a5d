#!/usr/bin/env node
// Runs the server from its bundle in this process, building the bundle first when a source is
// newer (scripts/build-server.mjs). `npm start` ends here after its other builds; the browser
// tests' server is started with it directly (playwright.config.ts), so they test what runs.
import { pathToFileURL } from "node:url";
import { buildServer, SERVER_BUNDLE, serverBundleStale } from "./build-server.mjs";

export async function serveBuilt() {
  if (serverBundleStale()) {
    console.log("Building the server …");
    await buildServer();
  }
  await import(pathToFileURL(SERVER_BUNDLE).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await serveBuilt();
