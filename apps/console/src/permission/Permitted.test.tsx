import { render, renderHook, screen } from "@testing-library/react";
import { LOGIN_LOG_EXPORT_PERMISSION } from "@tsp/domain";
import { createStore, Provider } from "jotai";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionAtom } from "../session/sessionAtoms";
import { Permitted } from "./Permitted";
import { useCan } from "./useCan";

/** A jotai store whose session holds these buttonApis. */
function withButtonApis(buttonApis: readonly string[]) {
  const store = createStore();
  store.set(sessionAtom, { status: "ready", routes: [], menu: [], buttonApis, user: null });
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

const EXPORT_BUTTON = (
  <Permitted op="exportLoginLog">
    <button type="button">导出</button>
  </Permitted>
);

describe("<Permitted op> (spec §6: an element without its button permission is removed)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the element when buttonApis lists the operation's x-permission (the spec's string for the export)", () => {
    render(EXPORT_BUTTON, { wrapper: withButtonApis([LOGIN_LOG_EXPORT_PERMISSION]) });
    expect(screen.getByRole("button", { name: "导出" })).toBeTruthy();
  });

  it("removes it when the account lacks that permission (another operation's does not count)", () => {
    render(EXPORT_BUTTON, { wrapper: withButtonApis(["/tbox/loginJournal/logoutLog/export"]) });
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("removes it before the session is ready", () => {
    render(<Provider store={createStore()}>{EXPORT_BUTTON}</Provider>);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("useCan (§6: the same check as true/false)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers per operation, and for a list when any one is held", () => {
    const { result } = renderHook(() => useCan(), { wrapper: withButtonApis(["/exportFile/index/download"]) });
    const can = result.current;
    expect(can("downloadExportFile")).toBe(true);
    expect(can("exportLoginLog")).toBe(false);
    expect(can(["exportLoginLog", "downloadExportFile"])).toBe(true);
  });

  it("an empty requirement warns and answers false", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { result } = renderHook(() => useCan(), { wrapper: withButtonApis(["/exportFile/index/download"]) });
    expect(result.current([])).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("keeps one check per buttonApis, so a screen does not rebuild it each render", () => {
    const { result, rerender } = renderHook(() => useCan(), { wrapper: withButtonApis([]) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  // Compile-time half of the contract (`npm run typecheck`): each line below must be an error,
  // or its unused @ts-expect-error fails the typecheck — so loosening `op` to string is caught.
  it("names permissions by operation: a typo does not compile", () => {
    const { result } = renderHook(() => useCan(), { wrapper: withButtonApis([]) });
    const can = result.current;
    const neverCalled = [
      // @ts-expect-error misspelt operation name
      () => can("exportLoginLogg"),
      // @ts-expect-error an operation without a button permission (the menu guards the list call)
      () => can("getLoginLog"),
    ];
    expect(neverCalled).toHaveLength(2);
    // @ts-expect-error a raw permission string instead of the operation it guards
    const bad = <Permitted op="/tbox/loginJournal/loginLog/export">x</Permitted>;
    expect(bad).toBeTruthy();
  });
});
