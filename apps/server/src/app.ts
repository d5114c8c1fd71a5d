import Fastify, { type FastifyInstance } from "fastify";
import type { AppContext } from "./context";
import { registerConsole } from "./http/console";
import { registerHealth } from "./http/health";

export interface BuildAppOptions {
  ctx: AppContext;
  consoleDir?: string | undefined;
  /** Logger on/off; tests keep it quiet. */
  logger?: boolean;
}

/** Builds the HTTP application: APIs, the console and its config. Does not listen. */
export async function buildApp({ ctx, consoleDir, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: process.env.LOG_LEVEL ?? "info" } : false,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: "x-request-id",
  });
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  registerHealth(app, ctx);
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
