import { logTargetOf, operationTitle, redactLogParams } from "@tsp/domain";
import { loadDocuments } from "../../../openapi/documents";
import { listOperations } from "../../../openapi/operations";
import { DEMO_ACCOUNTS } from "../../../seed/platformSeed";
import type { SeedContext } from "../../types";
import { insertOperationLog } from "./writer";

/** A demo call: who, which operation (its path and permission come from openapi/), what was sent, how it ended. */
interface DemoCall {
  who: "admin" | "operator";
  operationId: string;
  body: Record<string, unknown>;
  status: number;
  msg: string;
}

const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** The calls, with the demo set's first vehicles; each is written at a fixed hour of a day before `now`. */
function demoCalls(vins: readonly string[]): DemoCall[] {
  const vin = (i: number) => vins[i % Math.max(1, vins.length)] ?? "LB3CX1HU5RC100005";
  return [
    {
      who: "admin",
      operationId: "exportLoginLog",
      body: { vin: vin(0) },
      status: 200,
      msg: "导出任务已提交，请到导出文件列表查看",
    },
    {
      who: "operator",
      operationId: "updateSimCard",
      body: { iccid: "89860312345678901234", msisdn: "1064812345678", remark: "换卡" },
      status: 200,
      msg: "保存成功",
    },
    {
      who: "operator",
      operationId: "exportLoginLog",
      body: { vin: vin(1) },
      status: 403,
      msg: "没有操作权限：/tbox/loginJournal/loginLog/export",
    },
    {
      who: "admin",
      operationId: "reviewRealname",
      body: { vin: vin(2), approved: true },
      status: 200,
      msg: "审核完成",
    },
    {
      who: "admin",
      operationId: "modifyPassword",
      body: { oldPassword: "(encrypted)", newPassword: "(encrypted)" },
      status: 200,
      msg: "操作成功",
    },
    {
      who: "operator",
      operationId: "createContent",
      body: { title: "冬季保养提醒", contentType: "maintenance" },
      status: 400,
      msg: "请选择适用车型",
    },
  ];
}

/**
 * A week of demo history, so 操作日志 is not empty on first start: each demo call once a day at
 * its own hour over the 6 days before `now`, written by the same writer as the hook, with the
 * same naming, target and redaction rules. Deterministic (no rng; the clock is the seed's).
 */
export async function seedOperationLog(ctx: SeedContext): Promise<void> {
  const accounts = await ctx.db
    .selectFrom("account")
    .select(["id", "username", "tenant_id"])
    .where("username", "in", [DEMO_ACCOUNTS.admin.username, DEMO_ACCOUNTS.operator.username])
    .execute();
  const byName = new Map(accounts.map((a) => [a.username, a]));
  // Method, path, permission and summary of each call from openapi/, as the hook has them.
  const ops = new Map(listOperations(loadDocuments()).map((op) => [op.operationId, op]));
  const calls = demoCalls(ctx.vehicles.filter((v) => v.tenantId === ctx.tenantIds[0]).map((v) => v.vin));
  const day = 86_400_000;
  for (let d = 6; d >= 1; d--) {
    for (const [i, c] of calls.entries()) {
      const account = byName.get(DEMO_ACCOUNTS[c.who].username);
      const op = ops.get(c.operationId);
      if (!op) throw new Error(`operation log seed: openapi/ has no operation ${c.operationId}`);
      if (!account) continue;
      await insertOperationLog(ctx.db, {
        at: ctx.now.getTime() - d * day + (9 + i) * 3_600_000 + d * 61_000,
        tenantId: account.tenant_id,
        accountId: account.id,
        username: account.username,
        operationId: c.operationId,
        operation: operationTitle(op.permission, op.summary),
        method: op.method.toUpperCase(),
        path: op.path,
        target: logTargetOf([c.body]),
        params: redactLogParams({ body: c.body }),
        success: c.status < 400,
        status: c.status,
        msg: c.msg,
        ip: `10.20.${1 + i}.${10 + d}`,
        userAgent: UA,
        durationMs: 20 + ((i * 37 + d * 13) % 180),
      });
    }
  }
}
