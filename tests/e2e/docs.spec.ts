import { expect, test } from "@playwright/test";

// /docs is Redoc's page (scripts/build-docs.mjs, built by `npm run build`): server-rendered
// overview, then Redoc's inlined bundle takes over and routes by the address hash.
test("the API reference at /docs is Redoc's page, works under its CSP and fetches nothing from elsewhere", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  const elsewhere: { url: string; type: string; blocked: boolean }[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== origin && !r.url().startsWith("data:"))
      elsewhere.push({ url: r.url(), type: r.resourceType(), blocked: false });
  });
  page.on("requestfailed", (r) => {
    const seen = elsewhere.find((e) => e.url === r.url());
    if (seen) seen.blocked = r.failure()?.errorText === "csp";
  });
  const scriptViolations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text()) && /script/i.test(m.text())) scriptViolations.push(m.text());
  });

  // A deep link: only Redoc's client side (its inlined script, allowed by hash) renders an operation.
  await page.goto("/docs#/tsp-hbase-proxy_vehiclelog/getloginlog");
  await expect(page).toHaveTitle("车联网运营管理系统 接口文档");
  await expect(page.getByRole("heading", { name: "One page of a vehicle's login journal" })).toBeVisible();
  await expect(page.getByText("/tsp-hbase-proxy/vehicleLog/getLoginLog").first()).toBeVisible();

  // The side menu navigates within the page (hash routing under /docs, not the site's root).
  await page.getByRole("link", { name: "exportFile" }).first().click();
  await expect(page).toHaveURL(/\/docs#\/comm-inc-center_exportfile/);
  await expect(page.getByText("Export tasks of the signed-in account and their files")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/docs.png" });

  expect(scriptViolations).toEqual([]);
  // Redoc's attribution logo points at Redocly's CDN: the policy refuses it before it leaves.
  expect(elsewhere.filter((e) => !e.blocked || e.type !== "image")).toEqual([]);
});
