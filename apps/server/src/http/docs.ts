import { PLATFORM_NAME } from "@tsp/domain";
import type { FastifyInstance } from "fastify";
import type { OperationInfo } from "../openapi/operations";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** `code` spans of the descriptions' Markdown, the only markup they rely on. */
const inline = (s: string) => esc(s).replace(/`([^`]+)`/g, "<code>$1</code>");

function paramType(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return "";
  const s = schema as { type?: unknown; format?: unknown; enum?: unknown[]; $ref?: string };
  if (Array.isArray(s.enum)) return s.enum.map(String).join(" | ");
  const type = Array.isArray(s.type)
    ? s.type.join(" | ")
    : typeof s.type === "string"
      ? s.type
      : s.$ref
        ? "schema"
        : "";
  return s.format ? `${type} (${String(s.format)})` : type;
}

function renderOperation(op: OperationInfo): string {
  const flags = [
    op.requiresAuth ? "" : '<span class="tag public">公开</span>',
    op.permission ? `<span class="tag perm">权限 ${esc(op.permission)}</span>` : "",
    op.longRunning ? '<span class="tag">长耗时 200 s</span>' : "",
    op.designed ? '<span class="tag designed">设计补充</span>' : "",
  ].join("");
  const params = op.parameters.length
    ? `<table><tr><th>参数</th><th>位置</th><th>类型</th><th>必填</th><th>说明</th></tr>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${p.in}</td><td>${esc(paramType(p.schema))}</td><td>${p.required ? "是" : ""}</td><td>${inline(p.description ?? "")}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const body = op.requestBody
    ? `<p class="body">请求体：${Object.keys(op.requestBody.content).map(esc).join("、")}</p>`
    : "";
  return `<section class="op" id="${esc(op.operationId)}">
  <h3><span class="method ${op.method}">${op.method.toUpperCase()}</span> <code>${esc(op.path)}</code></h3>
  <p class="id"><code>${esc(op.operationId)}</code> ${flags}</p>
  <p class="summary">${inline(op.summary)}</p>
  <div class="desc">${inline(op.description)}</div>
  ${params}${body}
  <p class="responses">响应：${Object.keys(op.responses).map(esc).join(" · ")}</p>
</section>`;
}

/** The API reference page: every operation of openapi/, grouped by service, no scripts, no CDN. */
export function renderDocs(ops: readonly OperationInfo[]): string {
  const services = [...new Set(ops.map((o) => o.service))].toSorted();
  const toc = services
    .map((s) => `<li><a href="#service-${esc(s)}">${esc(s)}</a> (${ops.filter((o) => o.service === s).length})</li>`)
    .join("");
  const sections = services
    .map(
      (s) =>
        `<h2 id="service-${esc(s)}">${esc(s)} <a class="raw" href="/docs/openapi/${esc(s)}.yaml">${esc(s)}.yaml</a></h2>${ops
          .filter((o) => o.service === s)
          .map(renderOperation)
          .join("\n")}`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PLATFORM_NAME} - 接口文档</title>
<style>
body { margin: 0 auto; max-width: 1100px; padding: 24px; font: 14px/1.6 system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; color: #1f2937; }
h1 { font-size: 24px; } h2 { margin-top: 40px; border-bottom: 2px solid #e5e7eb; } h3 { margin: 0; font-size: 15px; }
.op { margin: 16px 0; padding: 12px 16px; border: 1px solid #e5e7eb; border-radius: 6px; }
.method { display: inline-block; min-width: 56px; padding: 1px 6px; border-radius: 4px; color: #fff; text-align: center; font-size: 12px; }
.get { background: #2563eb; } .post { background: #16a34a; } .put { background: #d97706; } .delete { background: #dc2626; } .patch { background: #7c3aed; }
.tag { margin-left: 6px; padding: 0 6px; border-radius: 4px; background: #f3f4f6; font-size: 12px; } .perm { background: #fef3c7; } .public { background: #dcfce7; } .designed { background: #ede9fe; }
.desc { white-space: pre-wrap; color: #4b5563; } table { border-collapse: collapse; margin: 8px 0; } td, th { border: 1px solid #e5e7eb; padding: 2px 8px; text-align: left; vertical-align: top; }
code { font-family: ui-monospace, monospace; font-size: 13px; } .raw { font-size: 12px; margin-left: 8px; }
</style></head>
<body><h1>${PLATFORM_NAME} 接口文档</h1>
<p>共 ${ops.length} 个接口，来自 <code>openapi/</code>。除标注“公开”的接口外，均需 <code>Authorization: Bearer &lt;token&gt;</code>；每个 JSON 响应都是 <code>{ code, msg, data }</code>。</p>
<ul>${toc}</ul>
${sections}
</body></html>`;
}

/** GET /docs (the reference) and /docs/openapi/<service>.yaml (the documents themselves). */
export function registerDocs(
  app: FastifyInstance,
  ops: readonly OperationInfo[],
  documents: ReadonlyMap<string, string>,
): void {
  const html = renderDocs(ops);
  const headers = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    "x-content-type-options": "nosniff",
  };
  app.get("/docs", async (_req, reply) => reply.headers(headers).send(html));
  app.get<{ Params: { file: string } }>("/docs/openapi/:file", async (req, reply) => {
    const text = documents.get(req.params.file);
    if (text === undefined) return reply.code(404).send({ code: 404, msg: "文档不存在", data: null });
    return reply.type("application/yaml; charset=utf-8").header("x-content-type-options", "nosniff").send(text);
  });
}
