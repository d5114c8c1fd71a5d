import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import type { AppContext } from "./context";
import { clientErrorHandler } from "./http/clientErrors";
import { registerConsole } from "./http/console";
import { registerDocs } from "./http/docs";
import { registerErrorHandler } from "./http/errorHandler";
import { registerHealth } from "./http/health";
import { registerOperationLog } from "./http/operationLog";
import { registerOperations } from "./http/router";
import { readDocumentTexts } from "./openapi/documents";
import type { OperationInfo } from "./openapi/operations";
import type { ServiceModule } from "./services/types";

export interface BuildAppOptions {
  ctx: AppContext;
  /** Every operation of openapi/ (routes and validation come from them). */
  operations: readonly OperationInfo[];
  modules: readonly ServiceModule[];
  /** Folder of the OpenAPI documents served under /docs/openapi (default: the repository's openapi/). */
  openapiDir?: string | undefined;
  consoleDir?: string | undefined;
  /** The built API reference page served at /docs (default: apps/server/dist/docs/index.html). */
  docsFile?: string | undefined;
  /** Logger on/off; tests keep it quiet. */
  logger?: boolean;
}

/** Builds the HTTP application: APIs, the console and its config. Does not listen. */
export async function buildApp({
  ctx,
  operations,
  modules,
  openapiDir,
  consoleDir,
  docsFile,
  logger = false,
}: BuildAppOptions) {
  const app: FastifyInstance = Fastify({
    logger: logger ? { level: process.env.LOG_LEVEL ?? "info" } : false,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: "x-request-id",
    // Room for the imports' .xlsx uploads; the multipart plugin has its own file limit.
    bodyLimit: 4 * 1024 * 1024,
    clientErrorHandler,
  });
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  // The token call and the authorize form post form fields (openapi/CONVENTIONS.md "Sign-in").
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Imports and the OTA upload read files with `request.file()` (spec: .xlsx imports, one file).
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  registerErrorHandler(app);
  registerHealth(app, ctx);
  registerDocs(app, () => readDocumentTexts(openapiDir), docsFile);
  // Before the routes: every mutating call of every service is logged by this one hook.
  registerOperationLog(app, operations, ctx);
  registerOperations(app, operations, modules, ctx);
  for (const m of modules) await m.register?.(app, ctx);
  await registerConsole(app, consoleDir, {
    apiBaseUrl: "",
    authorizeUrl: "/b-iam-account/oauth/authorize",
    clientId: "tsp-console",
    mapTiles: null,
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ code: 404, msg: `未找到：${req.method} ${req.url.split("?")[0]}`, data: null });
  });
  return app;
}
