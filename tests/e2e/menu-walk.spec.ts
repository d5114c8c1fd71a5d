import { expect, test } from "@playwright/test";
import { buildSideMenu, filterRoutesByMenuApis, type MenuItem, ROUTE_TABLE, type RouteNode } from "@tsp/domain";
import { BUILT_SCREEN_PATHS } from "../../apps/console/src/routes/builtScreens";
import { signIn } from "./console-signin";

/** Every path of the route table (what the administrator's menuApis hold). */
function allPaths(nodes: readonly RouteNode[]): string[] {
  return nodes.flatMap((n) => [n.path, ...allPaths(n.children)]);
}

/** Every node of the route table. */
function allNodes(nodes: readonly RouteNode[]): RouteNode[] {
  return nodes.flatMap((n) => [n, ...allNodes(n.children)]);
}

/** The entries of the side menu a person can open (leaves), in menu order. */
function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.children.length === 0 ? [i] : leaves(i.children)));
}

/**
 * Issue 20's walk: the administrator opens every entry of the side menu. Every route of the spec
 * is built, so every entry opens its screen without 暂未开放 and without the error page; an entry
 * showing 暂未开放 fails the walk (the placeholder itself is unit-tested in the console's
 * NotBuiltScreen.test.tsx); no entry logs a console error or an uncaught exception.
 */
test("every menu entry opens its screen: no placeholder, no error page, no console error", async ({ page }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  let at = "";
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${at}: console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${at}: uncaught: ${e.message}`));

  await signIn(page, "admin", "/dataHome");
  const entries = leaves(buildSideMenu(filterRoutesByMenuApis(ROUTE_TABLE, allPaths(ROUTE_TABLE))));
  const built = new Set<string>(BUILT_SCREEN_PATHS);
  // Every built screen is reachable from the menu (a screen nobody can open is not done), or is
  // hidden: a sub-page of a listed screen (a details page, opened from its list's rows), or under
  // a hidden group (个人中心's pages, opened from the header's 个人消息).
  const hidden = new Set(
    allNodes(ROUTE_TABLE)
      .filter((n) => n.hidden)
      .flatMap((n) => allNodes([n]))
      .map((n) => n.path),
  );
  expect([...built].filter((p) => !hidden.has(p) && !entries.some((e) => e.path === p))).toEqual([]);

  const main = page.getByRole("main");
  const placeholders: string[] = [];
  for (const entry of entries) {
    at = entry.path;
    await page.goto(`/#${entry.path}`);
    await expect(page).toHaveURL(new RegExp(`#${entry.path}(\\?|$)`));
    if (built.has(entry.path)) {
      // The screen's own content is on screen (its lazy chunk loaded and rendered).
      await expect(main.locator(":scope > *").first()).toBeVisible();
      await expect(main.getByText("暂未开放", { exact: true }), entry.path).toHaveCount(0);
      await expect(main.getByText("页面发生错误，请刷新后重试。"), entry.path).toHaveCount(0);
    } else {
      await expect(main.getByText("暂未开放", { exact: true }), entry.path).toBeVisible();
      await expect(main.getByText(`「${entry.title}」页面正在建设中，暂未开放。`)).toBeVisible();
      placeholders.push(entry.path);
    }
    // Let the screen's first calls answer before the next entry cancels them.
    await page.waitForLoadState("networkidle");
  }
  // The hidden sub-pages that are built open on their own too (without the row that names a
  // record they say how to open one), without placeholder or error.
  for (const path of [...built].filter((p) => hidden.has(p))) {
    at = path;
    await page.goto(`/#${path}`);
    await expect(main.locator(":scope > *").first()).toBeVisible();
    await expect(main.getByText("暂未开放", { exact: true }), path).toHaveCount(0);
    await expect(main.getByText("页面发生错误，请刷新后重试。"), path).toHaveCount(0);
    await page.waitForLoadState("networkidle");
  }
  console.log(
    `[menu walk] ${entries.length} entries, ${entries.length - placeholders.length} built, ${placeholders.length} say 暂未开放`,
  );
  expect(placeholders, "menu entries that still say 暂未开放").toEqual([]);
  expect(problems).toEqual([]);
});
