import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";

/**
 * The API reference page, rendered by Redoc from openapi/ at build time (scripts/build-docs.mjs,
 * part of `npm run build` and `npm start`), git-ignored.
 */
export const DEFAULT_DOCS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../dist/docs/index.html",
);

/** The text of every inline `<script>` (Redoc escapes `</script` inside its bundle, so the first close ends it). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? "");
}

/**
 * The page's Content-Security-Policy: only its own inline scripts run (by SHA-256, so markup that
 * slips into a description cannot run script), nothing is loaded from elsewhere — Redoc's
 * attribution logo on Redocly's CDN is refused and hides itself — and "Try it" may call this
 * server only. Inline styles stay allowed: Redoc's styled-components write them.
 */
export function docsSecurityPolicy(html: string): string {
  const hashes = inlineScripts(html).map((s) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`);
  return [
    "default-src 'none'",
    `script-src ${hashes.join(" ") || "'none'"}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

interface BuiltPage {
  mtimeMs: number;
  html: Buffer;
  gzip: Buffer;
  policy: string;
}

/** The built page, re-read when a new build replaced it (a rebuild shows without a restart). */
function pageLoader(file: string): () => BuiltPage | undefined {
  let page: BuiltPage | undefined;
  return () => {
    if (!existsSync(file)) return undefined;
    const { mtimeMs } = statSync(file);
    if (page?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file);
      page = { mtimeMs, html, gzip: gzipSync(html), policy: docsSecurityPolicy(html.toString("utf8")) };
    }
    return page;
  };
}

/** GET /docs (the Redoc page) and /docs/openapi/<service>.yaml (the documents themselves). */
export function registerDocs(
  app: FastifyInstance,
  documents: ReadonlyMap<string, string> | (() => ReadonlyMap<string, string>),
  docsFile: string = DEFAULT_DOCS_FILE,
): void {
  const load = pageLoader(docsFile);
  // Given as a function, the documents' text (~3 MB as strings) is read on the first request for
  // one, not at start: most servers never serve them (issue 21: idle RSS).
  let texts = typeof documents === "function" ? undefined : documents;
  const documentTexts = () => (texts ??= (documents as () => ReadonlyMap<string, string>)());
  app.get("/docs", async (req, reply) => {
    const page = load();
    if (!page) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("The API reference is not built. Run `npm run build:docs` (`npm start` and `npm run build` do it).");
    }
    // ~2.8 MB with Redoc's bundle inlined, ~0.7 MB compressed once per build.
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    reply.headers({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": page.policy,
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
      vary: "accept-encoding",
    });
    if (gzip) reply.header("content-encoding", "gzip");
    return reply.send(gzip ? page.gzip : page.html);
  });
  app.get<{ Params: { file: string } }>("/docs/openapi/:file", async (req, reply) => {
    const text = documentTexts().get(req.params.file);
    if (text === undefined) return reply.code(404).send({ code: 404, msg: "文档不存在", data: null });
    return reply.type("application/yaml; charset=utf-8").header("x-content-type-options", "nosniff").send(text);
  });
}
