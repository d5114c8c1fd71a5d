import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import { sessionAtom } from "../session/sessionAtoms";
import { permissionReloader, watchAuthzVersion } from "./authzRefresh";

const answer = (version: string | null) =>
  new Response("{}", { headers: version === null ? {} : { "x-authz-version": version } });

describe("the grants version header", () => {
  it("calls back only when the version differs from the last one seen", async () => {
    const versions = ["7", "7", null, "8", "8", "9"];
    const fetchFn = vi.fn(async () => answer(versions.shift() ?? null));
    const onChange = vi.fn();
    const watched = watchAuthzVersion(fetchFn as unknown as typeof fetch, onChange);
    for (let i = 0; i < 6; i++) await watched("http://x/");
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(fetchFn).toHaveBeenCalledTimes(6);
  });

  it("reloads routes, menu and buttons into a ready session, once more for a change during a reload", async () => {
    const store = createStore();
    store.set(sessionAtom, { status: "ready", routes: [], menu: [], buttonApis: [], user: null });
    const gate: { release: () => void } = { release: () => {} };
    const load = vi
      .fn()
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            gate.release = () => resolve({ menuApis: ["/tbox/loginJournal"], buttonApis: [] });
          }),
      )
      .mockResolvedValueOnce({
        menuApis: ["/tbox/loginJournal"],
        buttonApis: ["/tbox/loginJournal/loginLog/export"],
        menus: [{ api: "/tbox/loginJournal", title: "登录日志", order: 1, hidden: false, icon: "" }],
      });
    const reload = permissionReloader(load, store);
    reload();
    reload(); // arrives while the first is running
    gate.release();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => {
      const s = store.get(sessionAtom);
      expect(s.status === "ready" && s.buttonApis).toEqual(["/tbox/loginJournal/loginLog/export"]);
    });
    const s = store.get(sessionAtom);
    expect(s.status === "ready" && s.routes.map((r) => r.path)).toEqual(["/tbox"]);
    // 菜单管理's title reaches the side menu.
    expect(s.status === "ready" && s.menu[0]?.children.map((c) => c.title)).toEqual(["登录日志"]);
  });

  it("leaves a session that is not ready alone, and swallows a failed reload", async () => {
    const store = createStore();
    const reload = permissionReloader(async () => ({ menuApis: ["/dataHome"], buttonApis: [] }), store);
    reload();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get(sessionAtom)).toEqual({ status: "starting" });
    const failing = permissionReloader(() => Promise.reject(new Error("down")), store);
    failing();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get(sessionAtom)).toEqual({ status: "starting" });
  });
});
