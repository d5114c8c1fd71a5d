import { render, screen } from "@testing-library/react";
import { PLATFORM_NAME } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { App } from "./App";

describe("console shell", () => {
  it("shows the platform name in the menu and as the page title", () => {
    render(<App />);
    expect(screen.getByRole("complementary", { name: "侧边菜单" }).textContent).toContain(PLATFORM_NAME);
    expect(document.title).toBe(PLATFORM_NAME);
  });
});
