import { HOME_PATH, NOT_FOUND_PATH } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { type SessionPorts, startSession } from "./startSession";

/** Ports over a tiny in-memory browser: an address, a token slot and a permission answer. */
function browser(init: {
  address: string;
  grant?: { code: string; state: string | null } | null;
  token?: string | null;
  menuApis?: string[];
  permissionsFail?: boolean;
  exchangeFails?: boolean;
  requested?: string | null;
}) {
  const log: string[] = [];
  let address = init.address;
  let grant = init.grant ?? null;
  let token = init.token ?? null;
  const ports: SessionPorts = {
    address: () => address,
    grant: () => grant,
    forgetGrant: () => {
      grant = null;
      log.push("forgetGrant");
    },
    token: () => token,
    exchange: async (code, state) => {
      log.push(`exchange ${code} ${state ?? "-"}`);
      if (init.exchangeFails) throw new Error("invalid_grant");
      token = `t-${code}`;
    },
    authorize: () => log.push("authorize"),
    permissions: async () => {
      log.push("permissions");
      if (init.permissionsFail) throw new Error("boom");
      return { menuApis: init.menuApis ?? [], buttonApis: ["/tbox/loginJournal/loginLog/export"] };
    },
    myInfo: async () => ({
      userId: 1,
      username: "admin",
      realName: "管理员",
      tenantId: 1,
      tenantName: "t",
      orgId: 1,
      orgName: "o",
      roles: [],
    }),
    requestedPath: () => init.requested ?? null,
    navigate: (to) => {
      address = to;
      log.push(`navigate ${to}`);
    },
  };
  return { ports, log, address: () => address };
}

describe("session start (platform-shell.md §2 session guard)", () => {
  it("no code and no token runs the 401 handling", async () => {
    const b = browser({ address: "/tbox/loginJournal" });
    expect(await startSession(b.ports)).toEqual({ status: "redirecting" });
    expect(b.log).toEqual(["authorize"]);
  });

  it("asks for permissions and the account's info together, not one after the other", async () => {
    const b = browser({ address: "/dataHome", token: "t", menuApis: [HOME_PATH] });
    // The permission answer is held until myInfo has been asked: a sequential start would hang.
    let infoAsked: (() => void) | undefined;
    const asked = new Promise<void>((resolve) => {
      infoAsked = resolve;
    });
    const { permissions, myInfo } = b.ports;
    b.ports.permissions = async () => {
      await asked;
      return permissions();
    };
    b.ports.myInfo = () => {
      infoAsked?.();
      return myInfo();
    };
    const outcome = await startSession(b.ports);
    expect(outcome.status).toBe("ready");
    expect(outcome.status === "ready" && outcome.user?.username).toBe("admin");
  });

  it("a new code is exchanged, routes are generated and the user lands on home", async () => {
    const b = browser({
      address: "/",
      grant: { code: "c1", state: null },
      menuApis: [HOME_PATH, "/tbox/loginJournal"],
    });
    const outcome = await startSession(b.ports);
    expect(b.log).toEqual(["forgetGrant", "exchange c1 -", "permissions", `navigate ${HOME_PATH}`]);
    expect(outcome.status).toBe("ready");
    if (outcome.status !== "ready") return;
    expect(outcome.menu.map((m) => m.path)).toEqual([HOME_PATH, "/tbox"]);
    expect(outcome.buttonApis).toEqual(["/tbox/loginJournal/loginLog/export"]);
    expect(outcome.user?.realName).toBe("管理员");
  });

  it("a state that came back is passed on (iam_sso_login)", async () => {
    const b = browser({ address: "/", grant: { code: "c2", state: "s" }, menuApis: [HOME_PATH] });
    await startSession(b.ports);
    expect(b.log).toContain("exchange c2 s");
  });

  it("without home permitted, the path asked for before sign-in is where the user lands", async () => {
    const b = browser({
      address: "/",
      grant: { code: "c3", state: null },
      menuApis: ["/tbox/loginJournal"],
      requested: "/tbox/loginJournal?vin=X",
    });
    await startSession(b.ports);
    expect(b.address()).toBe("/tbox/loginJournal?vin=X");
  });

  it("a reload with a token keeps its deep link (no jump home, no 404)", async () => {
    const b = browser({ address: "/tbox/loginJournal?vin=X", token: "t", menuApis: [HOME_PATH, "/tbox/loginJournal"] });
    expect((await startSession(b.ports)).status).toBe("ready");
    expect(b.log).toEqual(["permissions"]);
  });

  it("an unknown path goes to /404 once routes have loaded", async () => {
    const b = browser({ address: "/no/such/screen", token: "t", menuApis: [HOME_PATH] });
    await startSession(b.ports);
    expect(b.address()).toBe(NOT_FOUND_PATH);
  });

  it("a failing permission call is swallowed: no menu", async () => {
    const b = browser({ address: "/dataHome", token: "t", permissionsFail: true });
    const outcome = await startSession(b.ports);
    expect(outcome.status === "ready" && outcome.menu).toEqual([]);
  });

  it("a code that cannot be exchanged fails without looping to the authorisation page", async () => {
    const b = browser({ address: "/", grant: { code: "used", state: null }, exchangeFails: true });
    expect(await startSession(b.ports)).toEqual({ status: "failed" });
    expect(b.log).not.toContain("authorize");
  });
});
