import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Runtime configuration the console reads at start (DESIGN.md "apps/console"). */
export interface ConsoleRuntimeConfig {
  apiBaseUrl: string;
  authorizeUrl: string;
  clientId: string;
  mapTiles: string | null;
}

/**
 * Serves the built console at "/" and its `config.json`. The console is a hash-routed
 * single page, so only "/" and asset paths exist; anything else is a 404 envelope.
 */
export async function registerConsole(
  app: FastifyInstance,
  consoleDir: string | undefined,
  config: ConsoleRuntimeConfig,
) {
  app.get("/config.json", async () => config);
  if (!consoleDir || !existsSync(path.join(consoleDir, "index.html"))) {
    app.get("/", async (_req, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .code(503)
        .send("The console is not built. Run `npm start` (it builds it) or `npm run build -w @tsp/console`."),
    );
    return;
  }
  // wildcard: files are looked up per request, so a console rebuilt while the server runs is
  // served at once (a startup file list would 404 the new hashed chunks). A missing file falls
  // through to the app's 404 envelope; API routes are static and always win over the wildcard.
  await app.register(fastifyStatic, { root: consoleDir, prefix: "/", index: ["index.html"], wildcard: true });
}
