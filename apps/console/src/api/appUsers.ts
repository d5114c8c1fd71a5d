import type { TspBss } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// The vehicles of an app user (APP用户信息; openapi tsp-bss tag appUser): list, bind, unbind.
// The user's own calls are the register's (api/registers.ts, base "appUser").

export type AppUserVehicles = TspBss.components["schemas"]["AppUserVehicleList"];
export type AppBindingRole = TspBss.components["schemas"]["AppUserBindingRole"];

/** The vehicles `userId` is bound to, newest first. */
export async function appUserVehicles(userId: string): Promise<AppUserVehicles> {
  return dataOf(await sdk().GET("/tsp-bss/appUser/vehicles", { params: { query: { userId } } }));
}

/** Binds the user to a vehicle as owner or driver; a refusal (409, in Chinese) is thrown and toasted by the shell. */
export async function bindAppUserVehicle(userId: string, vin: string, role: AppBindingRole): Promise<AppUserVehicles> {
  return dataOf(await sdk().POST("/tsp-bss/appUser/bind", { body: { userId, vin, role } }));
}

/** Removes a binding (drivers before the owner). */
export async function unbindAppUserVehicle(userId: string, vin: string): Promise<AppUserVehicles> {
  return dataOf(await sdk().POST("/tsp-bss/appUser/unbind", { body: { userId, vin } }));
}
