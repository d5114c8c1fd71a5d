import { numberedPage, where } from "../../platform/listQuery";
import { defineHandler } from "../defineHandler";
import "./tables";

/** findJsatlVehicleList: the tenant's vehicles with an active-safety terminal, by VIN and plate substring, paged. */
export const findJsatlVehicleList = defineHandler<"findJsatlVehicleList">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("jsatl_terminal as j").innerJoin("vehicle as v", "v.vin", "j.vin"), {
    tenant: ["j.tenant_id", principal],
    filters: (f) => [f.contains("j.vin", query.vin), f.contains("v.plate", query.plateNo)],
  });
  const columns = (s: typeof q) =>
    s.select(["j.vin", "v.plate", "j.terminal_phone", "j.terminal_id", "j.online", "j.last_location_time"]);
  return numberedPage(q, query, { order: ["j.vin"] }, columns, (r) => ({
    vin: r.vin,
    plateNo: r.plate,
    terminalPhone: r.terminal_phone,
    terminalId: r.terminal_id,
    online: r.online,
    lastLocationTime: r.last_location_time === null ? null : Number(r.last_location_time),
  }));
});
