import { APP_USER_REGISTER, msgAppUserDeleteBound } from "@tsp/domain";
import type { ServiceModule } from "../../types";
import { type RegisterService, serveRegister } from "../registers/register";
import * as m0041 from "./0041_app_user";
import { bindAppUserVehicle, listAppUserVehicles, unbindAppUserVehicle } from "./bindings";
import { seedAppUsers } from "./seed";
import "./tables";

/** The app accounts as a register (list, detail, create, edit, delete, export, import, template). */
export const APP_USER_SERVICE: RegisterService = {
  def: APP_USER_REGISTER,
  table: "bss_app_user",
  filters: ["realNameState", "status"],
  usedBy: [{ table: "bss_app_user_vehicle", column: "user_id", msg: msgAppUserDeleteBound }],
  ops: {
    list: "listAppUsers",
    get: "getAppUser",
    create: "createAppUser",
    update: "updateAppUser",
    delete: "deleteAppUser",
    export: "exportAppUsers",
    import: "importAppUsers",
    template: "downloadAppUserTemplate",
  },
};

const served = serveRegister(APP_USER_SERVICE);

/**
 * APP用户信息 (issue 20): the owner app's accounts, served by the register engine from @tsp/domain
 * APP_USER_REGISTER, and their vehicles (bindings.ts: list, bind, unbind under the domain's
 * rules). Migration tsp-bss:0041_app_user.
 */
export const tspBssAppUser: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0041_app_user": m0041 },
  handlers: { ...served.handlers, listAppUserVehicles, bindAppUserVehicle, unbindAppUserVehicle },
  exporters: served.exporters,
  seed: (ctx) => seedAppUsers(ctx),
};
