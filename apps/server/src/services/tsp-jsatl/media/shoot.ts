import { cameraShootProblem, type Jt808CameraShoot } from "@tsp/domain";
import { sql } from "kysely";
import { queueCommand } from "../../../gateway/commands/store";
import "../../../gateway/commands/tables";
import { badRequest, invalidField } from "../../../http/envelope";
import { inTenants } from "../../../platform/principal";
import "../../tsp-bss/tbox/tables";
import { defineHandler } from "../../defineHandler";
import { toCommand } from "../../tsp-command/handlers";
import "../tables";

/** Ten minutes unless the operator chooses (openapi TtlSeconds). */
const DEFAULT_TTL_S = 600;

/**
 * sendCameraShoot: the fields checked by the domain, the VIN a vehicle of the caller's tenants
 * with a JT/T 808 terminal (an active-safety one, or a JTT808 T-BOX bound to it), then queued as
 * a `cameraShoot` command for the gateway's JT/T 808 sender.
 */
export const sendCameraShoot = defineHandler<"sendCameraShoot">(async ({ body, principal }, ctx) => {
  const shoot: Jt808CameraShoot = { ...body.shoot, save: body.shoot.save === 1 ? 1 : 0 };
  const problem = cameraShootProblem(shoot);
  if (problem) throw badRequest(problem.message, [{ field: `shoot.${problem.field}`, msg: problem.message }]);
  const vehicle = await ctx.db
    .selectFrom("vehicle as v")
    .leftJoin("jsatl_terminal as j", "j.vin", "v.vin")
    .leftJoin("bss_tbox as t", (join) =>
      join.onRef("t.sn", "=", "v.tbox_sn").on("t.protocol", "=", "JTT808").on("t.state", "!=", "deregistered"),
    )
    .select(["v.tenant_id", sql<boolean>`(j.vin is not null or t.sn is not null)`.as("jt808")])
    .where("v.vin", "=", body.vin)
    .where(inTenants("v.tenant_id", principal))
    .executeTakeFirst();
  if (!vehicle) throw invalidField("vin", "未找到该VIN的车辆");
  if (!vehicle.jt808) throw invalidField("vin", "该车辆的终端不是JT/T 808终端，不支持拍照/录像");
  const row = await queueCommand(
    ctx.db,
    {
      tenantId: Number(vehicle.tenant_id),
      vin: body.vin,
      kind: "cameraShoot",
      params: { shoot },
      sender: principal.username,
      ttlMs: (body.ttlSeconds ?? DEFAULT_TTL_S) * 1000,
    },
    ctx.now().getTime(),
  );
  return toCommand(row);
});
