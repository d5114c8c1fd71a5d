#!/usr/bin/env node
// `npm run build:docs` (part of `npm run build` and of `npm start`'s build): the API reference
// the server serves at /docs, rendered by Redoc through the Redocly CLI from openapi/.
//
// One page for all services: `redocly join` merges the service documents of redocly.yaml (tags
// prefixed with the service, grouped per service in the side menu), so one search box finds any
// of the operations and the ~2.5 MB Redoc bundle is loaded once, not once per service.
// `build-docs --inlineBundle` puts Redoc's script into the page instead of loading it from
// Redocly's CDN: the page needs no network; the server's CSP allows exactly its inline scripts.
//
//   node --import tsx scripts/build-docs.mjs [--out <file>]   (default apps/server/dist/docs/index.html)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PLATFORM_NAME } from "@tsp/domain";
import YAML from "yaml";
import { DEFAULT_DOCS_FILE, DOCS_SOURCES } from "./docs-paths.mjs";

export { DEFAULT_DOCS_FILE, DOCS_SOURCES };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** Runs the Redocly CLI; it can exit 0 without writing (join on a conflict), so check the output too. */
function redocly(args, output) {
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  // Under NODE_ENV=test (Vitest sets it) the CLI prints to stdout instead of writing files.
  delete env.NODE_ENV;
  const r = spawnSync(path.join(root, "node_modules/.bin/redocly"), args, { cwd: root, env, encoding: "utf8" });
  if (r.status !== 0 || !existsSync(output)) throw new Error(`redocly ${args[0]} failed:\n${r.stdout}\n${r.stderr}`);
}

/** The flags the old hand-written page showed, as a line under each operation's description. */
function decorate(op) {
  const flags = [
    op["x-public"] === true || (Array.isArray(op.security) && op.security.length === 0) ? "公开（无需令牌）" : "",
    typeof op["x-permission"] === "string"
      ? `按钮权限 ${[op["x-permission"], ...(op["x-permission-also"] ?? [])].map((p) => `\`${p}\``).join(" 或 ")}`
      : "",
    op["x-long-running"] === true ? "长耗时（超时 200 s）" : "",
  ].filter(Boolean);
  const notes = [
    flags.length ? `**${flags.join(" · ")}**` : "",
    typeof op["x-designed"] === "string" ? `*设计补充（规格未定义）：* ${op["x-designed"]}` : "",
  ].filter(Boolean);
  if (notes.length) op.description = [op.description ?? "", ...notes].filter(Boolean).join("\n\n");
}

/** Builds the page into `outFile`; returns the number of operations on it. */
export function buildDocs(outFile = DEFAULT_DOCS_FILE) {
  const config = YAML.parse(readFileSync(path.join(root, "redocly.yaml"), "utf8"));
  const services = Object.entries(config.apis).map(([name, api]) => ({ name, root: api.root }));
  const work = mkdtempSync(path.join(os.tmpdir(), "tsp-docs-"));
  try {
    const joined = path.join(work, "joined.yaml");
    redocly(["join", ...services.map((s) => s.root), "--prefix-tags-with-filename", "-o", joined], joined);
    const doc = YAML.parse(readFileSync(joined, "utf8"));
    let count = 0;
    for (const item of Object.values(doc.paths ?? {}))
      for (const m of METHODS)
        if (item[m]) {
          decorate(item[m]);
          count++;
        }
    // join keeps the first document's info; the page's own says what it covers.
    const sections = services.map((s) => {
      const info = YAML.parse(readFileSync(path.join(root, s.root), "utf8")).info ?? {};
      return `## ${s.name}\n\n${(info.description ?? "").trim()}\n\n原文：[${path.basename(s.root)}](/docs/openapi/${path.basename(s.root)})`;
    });
    doc.info = {
      ...doc.info,
      title: `${PLATFORM_NAME} 接口文档`,
      description: [
        `共 ${count} 个接口，${services.length} 个服务，生成自 \`openapi/\`。除标注“公开”的接口外，均需 \`Authorization: Bearer <token>\`；每个 JSON 响应都是 \`{ code, msg, data }\`（openapi/CONVENTIONS.md）。`,
        ...sections,
      ].join("\n\n"),
    };
    const input = path.join(work, "api.yaml");
    writeFileSync(input, YAML.stringify(doc));
    mkdirSync(path.dirname(outFile), { recursive: true });
    rmSync(outFile, { force: true });
    redocly(["build-docs", input, "--inlineBundle", "-o", outFile, "--title", doc.info.title], outFile);
    const html = readFileSync(outFile, "utf8");
    // The promise of this page: nothing is fetched from elsewhere (CDN scripts, styles, fonts).
    const external = /<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=["']?(?:https?:)?\/\//i.exec(html);
    const cdnImport = /import\s*\{[^}]*\}\s*from\s*["']https?:/.exec(html);
    if (external || cdnImport)
      throw new Error(`the built page loads from the network: ${(external ?? cdnImport)?.[0]}`);
    return count;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf("--out");
  const out = i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : DEFAULT_DOCS_FILE;
  const started = Date.now();
  const count = buildDocs(out);
  console.log(`API reference: ${count} operations → ${path.relative(process.cwd(), out)} (${Date.now() - started} ms)`);
}
