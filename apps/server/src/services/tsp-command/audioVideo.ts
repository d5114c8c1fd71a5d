import { jt1078ParamItems, jt1078ParamProblems } from "@tsp/domain";
import { sql } from "kysely";
import type { AppContext } from "../../context";
import { queueCommand } from "../../gateway/commands/store";
import type { CommandKind } from "../../gateway/commands/tables";
import "../../gateway/commands/tables";
import { badRequest, invalidField } from "../../http/envelope";
import { inTenants, type Principal } from "../../platform/principal";
import "../tsp-bss/tbox/tables";
import "../tsp-jsatl/tables";
import { defineHandler } from "../defineHandler";
import { toCommand } from "./handlers";

/** Ten minutes unless the operator chooses (openapi TtlSeconds). */
const DEFAULT_TTL_S = 600;

/**
 * Queues an audio/video command for a vehicle of the caller's tenants with a JT/T 808 terminal
 * (an active-safety one, or a JTT808 T-BOX bound to it) — the gateway's JT/T 808 sender writes it;
 * `what` names the refused function (终端控制 and 车辆控制 queue through here too).
 */
export async function queueAv(
  ctx: AppContext,
  principal: Principal,
  vin: string,
  kind: CommandKind,
  params: unknown,
  ttlSeconds: number | undefined,
  what = "音视频参数设置",
) {
  const vehicle = await ctx.db
    .selectFrom("vehicle as v")
    .leftJoin("jsatl_terminal as j", "j.vin", "v.vin")
    .leftJoin("bss_tbox as t", (join) =>
      join.onRef("t.sn", "=", "v.tbox_sn").on("t.protocol", "=", "JTT808").on("t.state", "!=", "deregistered"),
    )
    .select(["v.tenant_id", sql<boolean>`(j.vin is not null or t.sn is not null)`.as("jt808")])
    .where("v.vin", "=", vin)
    .where(inTenants("v.tenant_id", principal))
    .executeTakeFirst();
  if (!vehicle) throw invalidField("vin", "未找到该VIN的车辆");
  if (!vehicle.jt808) throw invalidField("vin", `该车辆的终端不是JT/T 808终端，不支持${what}`);
  const row = await queueCommand(
    ctx.db,
    {
      tenantId: Number(vehicle.tenant_id),
      vin,
      kind,
      params,
      sender: principal.username,
      ttlMs: (ttlSeconds ?? DEFAULT_TTL_S) * 1000,
    },
    ctx.now().getTime(),
  );
  return toCommand(row);
}

/** sendAvQuery: 0x8106 of 0x0075/0x0076/0x0077/0x0079. */
export const sendAvQuery = defineHandler<"sendAvQuery">(async ({ body, principal }, ctx) =>
  queueAv(ctx, principal, body.vin, "avQuery", {}, body.ttlSeconds),
);

/** sendAvSet: the values checked by the domain (every problem on its field), then 0x8103. */
export const sendAvSet = defineHandler<"sendAvSet">(async ({ body, principal }, ctx) => {
  const av = {
    ...(body.avParams ? { avParams: body.avParams } : {}),
    ...(body.alarmRecording ? { alarmRecording: body.alarmRecording } : {}),
  };
  const problems = jt1078ParamProblems(av);
  const first = problems[0];
  if (first)
    throw badRequest(
      first.message,
      problems.map((p) => ({ field: p.field, msg: p.message })),
    );
  const items = jt1078ParamItems(av);
  if (!items.ok) throw badRequest(items.error.message, [{ field: "avParams", msg: items.error.message }]);
  return queueAv(ctx, principal, body.vin, "avSet", { av }, body.ttlSeconds);
});
