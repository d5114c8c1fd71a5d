import { expect, test } from "@playwright/test";
import { startSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's gateway port: playwright.config.ts's rule. */
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000);

test("终端参数设置: make a template, apply it to two simulated vehicles, see the batch reach 成功", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/dataService/terminal");
  // Two demo vehicles no other browser test drives, logged in by simulated GB/T 32960 terminals.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const picker = await page.request.get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=10", { headers });
  const list = ((await picker.json()) as { data: { list: { vin: string }[] } }).data.list;
  const vins = [list[7]?.vin ?? "", list[8]?.vin ?? ""];
  const terminals = vins.map(
    (vin) => new GbtTerminal({ vin, protocol: "gbt32960" }, { host: "127.0.0.1", port: gatewayPort }),
  );
  for (const [i, t] of terminals.entries())
    await t.report({ ...startSimVehicle(i, Date.now(), createRng(70 + i).next), linkDown: false });
  try {
    await page.goto("/#/dataService/terminal");
    await expect(page.getByRole("heading", { name: "终端参数设置" })).toBeVisible();
    const templates = page.getByRole("table", { name: "终端参数设置" });
    await expect(templates).toContainText("标准上报周期（30秒）");

    // 新建模板: a read-only parameter is refused on 确定, naming its line, and the draft stays; fixed, it is saved.
    await page.getByRole("button", { name: "新建模板" }).click();
    const form = page.getByRole("dialog", { name: "新建模板" });
    await form.getByLabel("模板名称").fill("夜间低频上报");
    const lines = form.getByLabel("参数（每行一个：参数ID=值，如0x02=30）");
    await lines.fill("0x02=120\n0x08=FW1.3");
    await form.getByRole("button", { name: "确定" }).click();
    await expect(form.getByText("第2行：固件版本为只读参数，不能设置")).toBeVisible();
    await lines.fill("0x02=120\n0x09=90");
    await expect(form.getByText("第2行：固件版本为只读参数，不能设置")).toBeHidden();
    await audit(page, "新建模板");
    await form.getByRole("button", { name: "确定" }).click();
    await expect(form).toBeHidden();
    const row = templates.getByRole("row", { name: /夜间低频上报/ });
    await expect(row).toContainText("正常时信息上报时间周期 = 120 s；车载终端心跳发送周期 = 90 s");

    // 下发 to the two vehicles: one set-parameter command each; the batch view follows them to 成功.
    await row.getByRole("button", { name: "下发" }).click();
    const apply = page.getByRole("dialog", { name: "下发模板：夜间低频上报" });
    await apply.getByLabel("VIN（每行一个）").fill(vins.join("\n"));
    await apply.getByRole("button", { name: "确定" }).click();
    await expect(apply).toBeHidden();
    const batches = page.getByRole("table", { name: "终端参数设置" });
    const batch = batches.getByRole("row", { name: /夜间低频上报/ });
    // Columns: 批次, 模板, 车辆数, 成功, 失败, 过期, 进行中 — two vehicles, both succeeded, none open.
    await expect(batch.getByRole("cell").nth(3)).toHaveText("2", { timeout: 30_000 });
    await expect(batch.getByRole("cell").nth(6)).toHaveText("0");
    for (const t of terminals) expect(t.params.get(0x02), "the terminal took the new period").toBe(120);

    await batch.getByRole("button", { name: "明细" }).click();
    const detail = page.getByRole("dialog", { name: /^批次\d+：夜间低频上报$/ });
    for (const vin of vins) await expect(detail.getByRole("row", { name: new RegExp(vin) })).toContainText("成功");
    await detail.getByRole("button", { name: "导出", exact: true }).click();
    await expect(page.getByText("导出任务已提交，请到导出文件列表查看").first()).toBeVisible();
    await audit(page, "下发批次明细");
    await page.screenshot({ path: "test-results/screenshots/terminal-params-batch.png", fullPage: true });
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();
    await audit(page, "终端参数设置");
    await page.screenshot({ path: "test-results/screenshots/terminal-params.png", fullPage: true });
  } finally {
    for (const t of terminals) await t.close(Date.now());
  }
});
