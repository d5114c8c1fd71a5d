import { describe, expect, it } from "vitest";
import { filterRoutesByMenuApis } from "../routes/menuApis";
import { ROUTE_TABLE } from "../routes/routeTable";
import { type GuardInput, sessionGuard } from "./sessionGuard";

const routes = filterRoutesByMenuApis(ROUTE_TABLE, ["/dataHome", "/tbox/loginJournal"]);
const signedIn: GuardInput = {
  address: "/tbox/loginJournal",
  token: "t",
  routesLoaded: true,
  routes,
  firstEntry: false,
};

describe("session guard (§2 Session guard, §4 Session)", () => {
  it("/login and /bigScreen need no session", () => {
    expect(sessionGuard({ ...signedIn, address: "/login", token: null, routesLoaded: false })).toEqual({
      action: "proceed",
    });
    expect(sessionGuard({ ...signedIn, address: "/bigScreen?x=1", token: null })).toEqual({ action: "proceed" });
  });
  it("a new code is exchanged with grant type authorization_code", () => {
    expect(sessionGuard({ ...signedIn, token: null, code: "c1" })).toEqual({
      action: "exchangeCode",
      code: "c1",
      grantType: "authorization_code",
    });
  });
  it("a code with a state is exchanged with grant type iam_sso_login", () => {
    expect(sessionGuard({ ...signedIn, token: null, code: "c1", state: "s" })).toEqual({
      action: "exchangeCode",
      code: "c1",
      grantType: "iam_sso_login",
      state: "s",
    });
  });
  it("a code already exchanged is not exchanged again", () => {
    expect(sessionGuard({ ...signedIn, code: "c1", exchangedCode: "c1" })).toEqual({ action: "proceed" });
  });
  it("neither code nor token runs the 401 handling", () => {
    expect(sessionGuard({ ...signedIn, token: null })).toEqual({ action: "authorize" });
    expect(sessionGuard({ ...signedIn, token: "", code: "", state: "s" })).toEqual({ action: "authorize" });
  });
  it("a token without routes generates the permitted routes", () => {
    expect(sessionGuard({ ...signedIn, routesLoaded: false, routes: [] })).toEqual({ action: "generateRoutes" });
  });
  it("on first entry the user goes home if permitted", () => {
    expect(sessionGuard({ ...signedIn, firstEntry: true })).toEqual({ action: "navigate", to: "/dataHome" });
    expect(sessionGuard({ ...signedIn, address: "/dataHome", firstEntry: true })).toEqual({ action: "proceed" });
  });
  it("afterwards a known path proceeds and an unknown one goes to /404", () => {
    expect(sessionGuard(signedIn)).toEqual({ action: "proceed" });
    expect(sessionGuard({ ...signedIn, address: "/no/such" })).toEqual({ action: "navigate", to: "/404" });
    expect(sessionGuard({ ...signedIn, address: "/" })).toEqual({ action: "navigate", to: "/dataHome" });
  });
});
