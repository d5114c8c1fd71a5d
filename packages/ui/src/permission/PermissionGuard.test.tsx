import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PermissionGuard, PermissionProvider } from "./PermissionGuard";

const EXPORT = "/tbox/loginJournal/loginLog/export";

describe("PermissionGuard", () => {
  afterEach(() => vi.restoreAllMocks());
  it("keeps the element when the button permission is held", () => {
    render(
      <PermissionProvider buttonApis={[EXPORT]}>
        <PermissionGuard need={EXPORT}>
          <button type="button">导出</button>
        </PermissionGuard>
      </PermissionProvider>,
    );
    expect(screen.getByRole("button", { name: "导出" })).toBeTruthy();
  });
  it("removes the element without the permission", () => {
    render(
      <PermissionProvider buttonApis={["/other"]}>
        <PermissionGuard need={EXPORT}>
          <button type="button">导出</button>
        </PermissionGuard>
      </PermissionProvider>,
    );
    expect(screen.queryByRole("button", { name: "导出" })).toBeNull();
  });
  it("warns on an empty requirement and hides the element", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(
      <PermissionProvider buttonApis={[EXPORT]}>
        <PermissionGuard need="">
          <button type="button">导出</button>
        </PermissionGuard>
      </PermissionProvider>,
    );
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
