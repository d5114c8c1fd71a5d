import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** A route handler: answers with `send`/`json`, may wait first. */
export type Route = (req: SeenRequest, res: ServerResponse) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1, port 0, with routes keyed by "METHOD /path". */
export interface TestServer {
  baseUrl: string;
  routes: Map<string, Route>;
  /** Routes that get the request before its body is read (to read it slowly). */
  streamRoutes: Map<string, (req: IncomingMessage, res: ServerResponse) => void | Promise<void>>;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Writes a JSON answer. */
export function json(res: ServerResponse, body: unknown, status = 200): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}

/** Starts the server; routes can be added or replaced by tests at any time. */
export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, Route>();
  const streamRoutes: TestServer["streamRoutes"] = new Map();
  const requests: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const streamRoute = streamRoutes.get(`${req.method} ${new URL(req.url ?? "/", "http://127.0.0.1").pathname}`);
    if (streamRoute) return streamRoute(req, res);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const seen: SeenRequest = { method: req.method ?? "GET", url, headers: req.headers, body: Buffer.concat(chunks) };
    requests.push(seen);
    const route = routes.get(`${seen.method} ${url.pathname}`);
    try {
      if (route) await route(seen, res);
      else json(res, { code: 404, msg: "接口不存在" }, 404);
    } catch (error) {
      if (!res.headersSent) json(res, { code: 500, msg: String(error) }, 500);
    }
  });
  // Tests abort requests mid-flight; the server must not keep sockets waiting on close.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    routes,
    streamRoutes,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
