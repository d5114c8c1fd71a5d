import type { ServerResponse } from "node:http";
import { json, type SeenRequest, type TestServer } from "./server";

/** One login frame as getLoginLog answers it. */
export interface Frame {
  vin: string;
  time: number;
  content: string;
}

const DAY = 86_400_000;
export const AUTOMATION = { clientId: "tsp-automation", clientSecret: "tsp-automation-secret" };

/**
 * The slice of the reference server a script needs: the token call (client_credentials for
 * the automation client) and getLoginLog with its 31-day window, cursor and bearer check,
 * as openapi/b-iam-account.yaml and tsp-hbase-proxy.yaml describe them.
 */
export function serveJournal(server: TestServer, frames: Frame[]): void {
  const token = "tok-automation";
  const basic = `Basic ${Buffer.from(`${AUTOMATION.clientId}:${AUTOMATION.clientSecret}`).toString("base64")}`;
  server.routes.set("POST /b-iam-account/oauth/token", (req, res) => {
    const form = new URLSearchParams(req.body.toString());
    if (req.headers.authorization !== basic) return json(res, { code: 401, msg: "客户端认证失败" }, 401);
    if (form.get("grant_type") !== "client_credentials") return json(res, { code: 400, msg: "不支持的授权类型" }, 400);
    json(res, { code: 200, msg: "操作成功", data: { access_token: token, token_type: "bearer", expires_in: 43200 } });
  });
  server.routes.set("GET /tsp-hbase-proxy/vehicleLog/getLoginLog", (req: SeenRequest, res: ServerResponse) => {
    if (req.headers.authorization !== `Bearer ${token}`)
      return json(res, { code: 401, msg: "未登录或登录已过期" }, 401);
    const q = req.url.searchParams;
    const start = Number(q.get("startTime"));
    const end = Number(q.get("endTime"));
    if (end - start > 31 * DAY) {
      return json(
        res,
        { code: 400, msg: "参数错误", data: { failDetail: [{ field: "endTime", msg: "查询时间跨度不能超过31天" }] } },
        400,
      );
    }
    const desc = q.get("reportTimeDesc") !== "false";
    const size = Number(q.get("pageSize") ?? 10);
    const rows = frames
      .filter((f) => f.vin === q.get("vin") && f.time >= start && f.time <= end)
      .toSorted((a, b) => (desc ? b.time - a.time : a.time - b.time));
    const from = Number(q.get("rowKey") ?? 0);
    const list = rows.slice(from, from + size);
    json(res, {
      code: 200,
      msg: "操作成功",
      data: { list, nextKey: from + size < rows.length ? String(from + size) : null },
    });
  });
}

/** `count` frames of one VIN, one every `stepMs` from `start`. */
export function framesOf(vin: string, start: number, count: number, stepMs: number): Frame[] {
  return Array.from({ length: count }, (_, i) => ({
    vin,
    time: start + i * stepMs,
    content: `232301FE${Buffer.from(vin).toString("hex").toUpperCase()}01${i.toString(16).padStart(4, "0")}`,
  }));
}
