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

/** The origin of an absolute URL template ("https://t.example.com/{z}/{x}/{y}.png"), else null. */
function originOf(url: string | null): string | null {
  if (!url || !/^https?:\/\//.test(url)) return null;
  try {
    return new URL(url.replace(/[{}]/g, "")).origin;
  } catch {
    return null;
  }
}

/** " <origin>" to append to a CSP source list when the URL is on another origin, else "". */
function extra(url: string | null): string {
  const origin = originOf(url);
  return origin ? ` ${origin}` : "";
}

/**
 * The console's Content-Security-Policy: its own scripts only (no inline script, no JS eval), so
 * markup that slips into a page cannot run; inline styles stay allowed because the chart and
 * map libraries set them. The API, authorize page and tile hosts of config.json are added when
 * they are on other origins.
 */
export function consoleSecurityPolicy(config: ConsoleRuntimeConfig): string {
  return [
    "default-src 'self'",
    // WebAssembly (hash-wasm's MD5 for upload object keys) needs wasm-unsafe-eval; JS eval stays off.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(config.mapTiles)}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra(config.apiBaseUrl)}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${extra(config.authorizeUrl)}`,
    "frame-ancestors 'none'",
  ].join("; ");
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
  const policy = consoleSecurityPolicy(config);
  // Pages that name no icon (the sign-in page, /docs) make the browser ask for /favicon.ico;
  // the console's icon is an SVG (public/favicon.svg), so that request is sent to it rather
  // than answered 404 (a failed load each browser logs as a console error).
  app.get("/favicon.ico", (_req, reply) => reply.redirect("/favicon.svg", 301));
  await app.register(fastifyStatic, {
    root: consoleDir,
    prefix: "/",
    index: ["index.html"],
    wildcard: true,
    setHeaders: (reply) => {
      reply.header("content-security-policy", policy);
      reply.header("x-content-type-options", "nosniff");
      reply.header("referrer-policy", "same-origin");
    },
  });
}
