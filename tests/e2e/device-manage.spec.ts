import { expect, type Page, test } from "@playwright/test";
import { encodeVehicleLoginMessage } from "@tsp/domain";
import { TestTbox } from "../../apps/server/src/gateway/testClient";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's GB/T 32960 gateway (playwright.config.ts's rule). */
const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000);

const HEAD = "T-Box更换";
const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);

async function api<T>(page: Page, url: string): Promise<T> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  return ((await (await page.request.get(url, { headers })).json()) as { data: T }).data;
}

/** A fitted T-BOX whose vehicle has its 终端信息 filed and no pending replacement, and a free registered terminal. */
async function pickTerminals(page: Page) {
  type Tbox = { sn: string; vin: string | null };
  const pending = await api<{ list: { vin: string; newCode: string }[] }>(
    page,
    "/tsp-bss/deviceManage/change/list?kind=tbox&state=pending&pageSize=100",
  );
  const busy = new Set(pending.list.flatMap((c) => [c.vin, c.newCode]));
  const bound = await api<{ list: Tbox[] }>(page, "/tsp-bss/tbox/list?bound=true&pageSize=100");
  let fitted: Tbox | undefined;
  for (const t of bound.list.filter((b) => b.vin !== null && !busy.has(b.vin))) {
    if (await api(page, `/tsp-bss/nerVehicleInfo/single/terminalInfo?vin=${t.vin}`)) {
      fitted = t;
      break;
    }
  }
  const free = await api<{ list: Tbox[] }>(page, "/tsp-bss/tbox/list?bound=false&state=registered&pageSize=100");
  const spare = free.list.find((t) => !busy.has(t.sn));
  if (!fitted?.vin || !spare) throw new Error("the seed leaves no fitted vehicle or free terminal");
  return { vin: fitted.vin, oldSn: fitted.sn, newSn: spare.sn };
}

test("设备管理: replace a vehicle's T-BOX — a refused application says why, the approved one moves the register and writes the change log", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "admin", "/deviceManage/tboxChange");
  await page.goto("/#/deviceManage/tboxChange");
  await expect(page.getByRole("heading", { name: HEAD })).toBeVisible();
  await loaded(page, HEAD);
  await expect(rows(page, HEAD).first()).toBeVisible();
  const { vin, oldSn, newSn } = await pickTerminals(page);

  // 新增更换 with an old serial the vehicle does not carry: refused, the reason under the field.
  await page.getByRole("button", { name: "新增更换" }).click();
  const form = page.getByRole("dialog", { name: "新增T-Box更换申请" });
  await form.getByLabel("VIN").fill(vin);
  await form.getByLabel("原T-BOX序列号").fill("NOPE-0001");
  await form.getByLabel("新T-BOX序列号").fill(newSn);
  await form.getByLabel("更换原因").selectOption({ label: "故障更换" });
  await form.getByLabel("备注").fill("终端无法上线，现场检测硬件故障");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form).toContainText(`原T-BOX序列号“NOPE-0001”不是车辆${vin}当前的T-BOX序列号（当前：${oldSn}）`);
  await page.screenshot({ path: "test-results/screenshots/device-change-refused.png" });
  // Filed again with the serial the vehicle carries (a fresh form: nothing of the refusal stays).
  await form.getByRole("button", { name: "取消" }).click();
  await page.getByRole("button", { name: "新增更换" }).click();
  await form.getByLabel("VIN").fill(vin);
  await form.getByLabel("原T-BOX序列号").fill(oldSn);
  await form.getByLabel("新T-BOX序列号").fill(newSn);
  await form.getByLabel("更换原因").selectOption({ label: "故障更换" });
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已提交更换申请，待审批")).toBeVisible();

  // The application waits for approval; 审批 通过 applies it.
  await page.getByLabel("VIN").first().fill(vin);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, HEAD);
  const row = rows(page, HEAD).filter({ hasText: newSn });
  await expect(row).toContainText("待审批");
  await page.screenshot({ path: "test-results/screenshots/device-change-list.png" });
  await row.getByRole("button", { name: "审批" }).click();
  const review = page.getByRole("dialog", { name: `审批更换申请（${vin}）` });
  await review.getByLabel("审批意见").fill("同意更换");
  await review.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("审批通过，档案已更新")).toBeVisible();
  await loaded(page, HEAD);
  await expect(rows(page, HEAD).filter({ hasText: newSn })).toContainText("已通过");

  // TBOX数据: the new terminal is on the vehicle, the old one free.
  await page.goto(`/#/baseInfo/tbox?vin=${vin}`);
  await loaded(page, "TBOX数据");
  await expect(rows(page, "TBOX数据")).toHaveCount(1);
  await expect(rows(page, "TBOX数据").first()).toContainText(newSn);
  await page.screenshot({ path: "test-results/screenshots/device-change-register.png" });

  // 备案车辆信息 › 终端信息 › 变更记录: the serial before → after.
  await page.goto(`/#/baseInfo/recordVehicleInfo?group=terminalInfo&vin=${vin}`);
  await loaded(page, "备案车辆信息");
  await rows(page, "备案车辆信息").first().getByRole("button", { name: "变更记录" }).click();
  const log = page.getByRole("dialog", { name: `终端信息变更记录 ${vin}` });
  const line = log.getByRole("table").locator("tbody tr").filter({ hasText: "终端序列号" }).first();
  await expect(line.locator("del")).toHaveText(oldSn);
  await expect(line.locator("ins")).toHaveText(newSn);
  await page.screenshot({ path: "test-results/screenshots/device-change-log.png" });
});

test("VIN校验失败记录: a login with an unknown VIN shows with its card and count", async ({ page }) => {
  test.setTimeout(45_000);
  await signIn(page, "admin", "/deviceManage/tboxCheckVIN");
  const end = Date.now();
  await page.goto(`/#/deviceManage/tboxCheckVIN?start=${end - 7 * 86_400_000}&end=${end}&reason=vin-unknown`);
  const head = "VIN校验失败记录";
  await expect(page.getByRole("heading", { name: head })).toBeVisible();
  await loaded(page, head);
  await expect(rows(page, head)).toHaveCount(2);
  await expect(rows(page, head).first()).toContainText("VIN未登记");
  await page.screenshot({ path: "test-results/screenshots/vin-check.png", fullPage: true });

  // A T-BOX logs in through the gateway with a VIN no tenant has: answered 0x04, then listed.
  const vin = `LE2EUNKN${String(Date.now()).slice(-9)}`;
  const login = encodeVehicleLoginMessage(vin, {
    edition: 2016,
    collectedAt: Date.now(),
    serial: 1,
    iccid: "89860000000000000919",
    codeLength: 0,
    subsystemCodes: [],
  });
  if (!login.ok) throw new Error(login.error.message);
  const tbox = await TestTbox.open(GATEWAY_PORT);
  expect(await tbox.send(new Uint8Array(Buffer.from(login.value, "hex")))).toMatchObject({ responseFlag: 0x04 });
  tbox.end();
  await page.goto(
    `/#/deviceManage/tboxCheckVIN?start=${end - 3_600_000}&end=${Date.now() + 60_000}&reason=vin-unknown&vin=${vin}`,
  );
  await loaded(page, head);
  await expect(rows(page, head)).toHaveCount(1);
  await expect(rows(page, head).first()).toContainText("VIN未登记");
  await expect(rows(page, head).first()).toContainText("89860000000000000919");
});
