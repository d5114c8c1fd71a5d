import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

/**
 * Errors Node raises before a request reaches Fastify (a header block or query string over
 * Node's 16 KB limit, a malformed request line, a client that stalls): answered with the
 * envelope like everything else, instead of Fastify's English JSON.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, msg] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "请求头或查询参数过长"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "请求超时"]
        : [400, "请求格式不正确"];
  const body = JSON.stringify({ code: status, msg, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
