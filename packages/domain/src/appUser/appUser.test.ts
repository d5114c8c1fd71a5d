import { describe, expect, it } from "vitest";
import { checkRegisterRow } from "../registers/register";
import {
  APP_USER_MAX_VEHICLES,
  APP_USER_REGISTER,
  type AppBinding,
  appBindingProblem,
  appUnbindProblem,
  MSG_APP_BINDING_NO_OWNER,
  MSG_APP_UNBIND_OWNER_WITH_DRIVERS,
  MSG_APP_USER_DISABLED_BIND,
  MSG_APP_USER_MOBILE,
  MSG_APP_USER_SIGN_IN_BEFORE_REGISTER,
  maskAppPhone,
  msgAppBindingNotFound,
  msgAppBindingOwnerTaken,
  msgAppUserBoundAlready,
  msgAppUserDeleteBound,
  msgAppUserTooManyVehicles,
} from "./index";

const user = {
  userId: "U20250001",
  phone: "13912345678",
  nickname: "老王",
  realNameState: "verified",
  status: "enabled",
  registeredOn: "2025-03-01",
  lastSignIn: "2025-03-01",
  remark: null,
};
const VIN = "LFWP66K25S1000012";
const owner: AppBinding = { userId: "U1", vin: VIN, role: "owner" };
const driver: AppBinding = { userId: "U2", vin: VIN, role: "driver" };

describe("app users", () => {
  it("takes a mobile number only, and a last sign-in not before registering", () => {
    expect(checkRegisterRow(APP_USER_REGISTER, user).ok).toBe(true);
    expect(checkRegisterRow(APP_USER_REGISTER, { ...user, lastSignIn: null }).ok).toBe(true);
    const landline = checkRegisterRow(APP_USER_REGISTER, { ...user, phone: "010-12345678" });
    expect(landline).toEqual({ ok: false, error: [{ field: "phone", msg: MSG_APP_USER_MOBILE }] });
    const early = checkRegisterRow(APP_USER_REGISTER, { ...user, lastSignIn: "2025-02-28" });
    expect(early).toEqual({ ok: false, error: [{ field: "lastSignIn", msg: MSG_APP_USER_SIGN_IN_BEFORE_REGISTER }] });
  });

  it("masks the middle four digits of a mobile number, leaves anything else as it is", () => {
    expect(maskAppPhone("13912345678")).toBe("139****5678");
    expect(maskAppPhone("010-12345678")).toBe("010-12345678");
  });

  it("says why a user cannot be deleted", () => {
    expect(msgAppUserDeleteBound(2)).toBe("该用户绑定了2辆车，请先解绑后再删除");
  });
});

describe("bindings", () => {
  const free = { userId: "U3", status: "enabled", bindings: [] as AppBinding[] };

  it("binds an owner to a vehicle without one, a driver to a vehicle with one", () => {
    expect(appBindingProblem(free, [], VIN, "owner", null)).toBeNull();
    expect(appBindingProblem(free, [owner], VIN, "driver", "139****5678")).toBeNull();
  });

  it("refuses a disabled user, a vehicle bound already, too many vehicles", () => {
    expect(appBindingProblem({ ...free, status: "disabled" }, [], VIN, "owner", null)).toBe(MSG_APP_USER_DISABLED_BIND);
    const bound = { ...free, bindings: [{ userId: "U3", vin: VIN, role: "driver" as const }] };
    expect(appBindingProblem(bound, [owner], VIN, "driver", null)).toBe(msgAppUserBoundAlready(VIN));
    const full = {
      ...free,
      bindings: Array.from({ length: APP_USER_MAX_VEHICLES }, (_, i) => ({
        userId: "U3",
        vin: `V${i}`,
        role: "owner" as const,
      })),
    };
    expect(appBindingProblem(full, [], VIN, "owner", null)).toBe(msgAppUserTooManyVehicles());
    expect(msgAppUserTooManyVehicles()).toBe("每个用户最多绑定20辆车");
  });

  it("keeps one owner per vehicle and drivers behind an owner", () => {
    expect(appBindingProblem(free, [owner], VIN, "owner", "139****5678")).toBe(
      msgAppBindingOwnerTaken(VIN, "139****5678"),
    );
    expect(appBindingProblem(free, [owner], VIN, "owner", null)).toBe(`车辆${VIN}已有车主（），请先解绑`);
    expect(appBindingProblem(free, [], VIN, "driver", null)).toBe(MSG_APP_BINDING_NO_OWNER);
  });

  it("unbinds drivers first, then the owner; an unknown binding is named", () => {
    expect(appUnbindProblem([owner, driver], "U1", VIN)).toBe(MSG_APP_UNBIND_OWNER_WITH_DRIVERS);
    expect(appUnbindProblem([owner, driver], "U2", VIN)).toBeNull();
    expect(appUnbindProblem([owner], "U1", VIN)).toBeNull();
    expect(appUnbindProblem([owner], "U9", VIN)).toBe(msgAppBindingNotFound(VIN));
  });
});
