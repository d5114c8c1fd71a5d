import { expect, type Page, test } from "@playwright/test";
import { BUILT_SCREEN_PATHS } from "../../apps/console/src/routes/builtScreens";
import { audit } from "./axe";
import { queryJournal, seededVin, signIn } from "./console-signin";

/**
 * Accessibility as a test (issue 13): axe-core over every real screen of the console, with
 * its data on screen, and its dialogs open where the screen has them (`./axe.ts`: serious and
 * critical violations fail; lesser ones are printed so they stay visible).
 */

/**
 * How each built screen is visited: what shows it is ready (its data on screen). Every built
 * screen is in this list; a new one must be added here (a test fails otherwise).
 */
const visits: Record<string, (p: Page, vin: string) => Promise<void>> = {
  "/dataHome": async (p) => expect(p.getByText("车辆总数")).toBeVisible(),
  "/tbox/loginJournal": async (p, vin) => {
    await queryJournal(p, vin, 7);
    await expect(
      p
        .getByRole("table", { name: /日志列表/ })
        .locator("tbody tr")
        .first(),
    ).toContainText(vin);
  },
  // The TBOX message journals: one queried (every seeded vehicle reports positions), the others before a query.
  "/tbox/locationMessage": async (p, vin) => {
    await queryJournal(p, vin, 7);
    await expect(p.getByRole("table", { name: "车辆位置报文" }).locator("tbody tr").first()).toContainText(/km\/h/);
  },
  "/tbox/locationResendMessage": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/tbox/warnMessage": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/tbox/energyCar": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/tbox/fuelCar": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/tbox/gearsSpeed": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/tbox/errorReport": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/tbox/ecAllMessage": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/tbox/travalData": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/tbox/reliabilityTestRecord": async (p) => expect(p.getByText("请选择时间范围，然后点击查询")).toBeVisible(),
  "/tbox/warnsearch": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  // Remote commands: the two parameter screens before a VIN; the command list (empty on a fresh seed).
  "/tbox/search": async (p) => expect(p.getByRole("button", { name: "查询参数" })).toBeVisible(),
  "/tbox/setting": async (p) => expect(p.getByRole("button", { name: "读取当前值" })).toBeVisible(),
  "/tbox/terminalSet": async (p) => expect(p.getByRole("heading", { name: "终端设置管理" })).toBeVisible(),
  "/tbox/awaken": async (p) => expect(p.getByRole("button", { name: "发送唤醒" })).toBeVisible(),
  "/tbox/audioVideo": async (p) => expect(p.getByRole("button", { name: "设置音视频参数" })).toBeVisible(),
  "/tbox/registersState": async (p) =>
    expect(p.getByRole("table", { name: "TBOX注册状态查询" }).locator("tbody tr")).not.toHaveCount(0),
  // Multimedia: the camera commands (empty on a fresh seed); the seeded alarm attachments and photos.
  "/tbox/visualization/media": async (p) => expect(p.getByRole("button", { name: "立即拍摄" })).toBeVisible(),
  "/tbox/warnupload": async (p) =>
    expect(p.getByRole("table", { name: "报警附件上传" }).locator("tbody tr")).not.toHaveCount(0),
  "/operate/phoneExport": async (p) =>
    expect(p.getByRole("table", { name: "机械原始照片库" }).locator("tbody tr")).toHaveCount(10),
  "/tbox/remoteControl": async (p) => expect(p.getByRole("heading", { name: "远程控制", exact: true })).toBeVisible(),
  "/tbox/remoteJoint": async (p) => expect(p.getByRole("heading", { name: "远程控制联调" })).toBeVisible(),
  "/exportFile/index": async (p) => expect(p.getByRole("heading", { name: "导出文件列表" })).toBeVisible(),
  "/auth/index": async (p) => expect(p.getByRole("table", { name: "实名认证" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/simCard": async (p) =>
    expect(p.getByRole("table", { name: "SIM卡数据" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/tbox": async (p) => expect(p.getByRole("table", { name: "TBOX数据" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/vehicleSale": async (p) =>
    expect(p.getByRole("table", { name: "实销车辆" }).locator("tbody tr")).not.toHaveCount(0),
  "/baseInfo/newEnergyInfo": async (p) =>
    expect(p.getByRole("table", { name: "备案基础信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/recordVehicleInfo": async (p) =>
    expect(p.getByRole("table", { name: "备案车辆信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/gearbox": async (p) =>
    expect(p.getByRole("table", { name: "变速箱信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/financialInstitution": async (p) =>
    expect(p.getByRole("table", { name: "金融机构管理" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/leaseOrg": async (p) =>
    expect(p.getByRole("table", { name: "租赁机构管理" }).locator("tbody tr")).not.toHaveCount(0),
  "/baseInfo/economicSpeed": async (p) =>
    expect(p.getByRole("table", { name: "经济转速信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/machineryInfo": async (p) =>
    expect(p.getByRole("table", { name: "机械信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/vehicleData": async (p) =>
    expect(p.getByRole("table", { name: "车机数据" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/blackBox": async (p) =>
    expect(p.getByRole("table", { name: "监管终端管理" }).locator("tbody tr")).toHaveCount(10),
  "/notRoadFour/chipModel": async (p) =>
    expect(p.getByRole("table", { name: "芯片型号备案" }).locator("tbody tr").first()).toBeVisible(),
  "/notRoadFour/terminalModel": async (p) =>
    expect(p.getByRole("table", { name: "终端型号备案" }).locator("tbody tr").first()).toBeVisible(),
  "/notRoadFour/machineRecord": async (p) =>
    expect(p.getByRole("table", { name: "机械备案" }).locator("tbody tr").first()).toBeVisible(),
  "/notRoadFour/terminalReplaceRecord": async (p) =>
    expect(p.getByRole("table", { name: "终端更换备案" }).locator("tbody tr").first()).toBeVisible(),
  "/notRoadFour/platformAccount": async (p) =>
    expect(p.getByRole("table", { name: "转发平台账号" }).locator("tbody tr").first()).toBeVisible(),
  "/notRoadFour/machineManage": async (p) =>
    expect(p.getByRole("table", { name: "转发机械管理" }).locator("tbody tr").first()).toBeVisible(),
  "/notRoadFour/forwardStatist": async (p) =>
    expect(p.getByRole("table", { name: "转发统计" }).locator("tbody tr").first()).toBeVisible(),
  "/notRoadFour/terminalActivation": async (p) =>
    expect(p.getByRole("table", { name: "终端远程激活" }).locator("tbody tr").first()).toBeVisible(),
  "/baseInfo/mes": async (p) =>
    expect(p.getByRole("table", { name: "MES车辆管理" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/appUser": async (p) =>
    expect(p.getByRole("table", { name: "APP用户信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/dealer": async (p) =>
    expect(p.getByRole("table", { name: "经销商信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/serviceStation": async (p) =>
    expect(p.getByRole("table", { name: "服务站信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/vehicleInfo": async (p) =>
    expect(p.getByRole("table", { name: "车型信息" }).locator("tbody tr")).toHaveCount(10),
  "/baseInfo/vehicleAbility": async (p) =>
    expect(p.getByRole("table", { name: "车型能力" }).locator("tbody tr")).toHaveCount(10),
  "/newCarMonitor/monitorList": async (p) =>
    expect(p.getByRole("table", { name: "车辆监控列表" }).locator("tbody tr")).toHaveCount(10),
  "/newCarMonitor/latest": async (p) =>
    expect(p.getByRole("table", { name: "车辆实时状态" }).locator("tbody tr")).toHaveCount(10),
  "/operate/query": async (p, vin) => {
    await p.goto(`/#/operate/query?vin=${vin}`);
    await expect(p.getByRole("region", { name: "新能源备案" })).toBeVisible();
  },
  // 机械轨迹查询: audited with a drawn track by its own spec (operate-track.spec.ts); here before a query.
  "/operate/tripQuery": async (p) =>
    expect(p.getByText("请输入有效的17位VIN，选择时间范围（最长24小时）")).toBeVisible(),
  // 非道路机械监控 and 机械信息管理: the seeded machines (not-road-monitor.spec.ts opens a card and the history).
  "/notRoadMonitor/screen": async (p) =>
    expect(p.getByRole("table", { name: "地图监控" }).locator("tbody tr")).toHaveCount(10),
  "/notRoadMonitor/latest": async (p) =>
    expect(p.getByRole("table", { name: "机械实时状态" }).locator("tbody tr")).toHaveCount(10),
  "/notRoadMonitor/history": async (p) => expect(p.getByText("请输入机械PIN码，选择时间范围")).toBeVisible(),
  "/notRoadMonitor/online": async (p) =>
    expect(p.getByRole("table", { name: "在线时长管理" }).locator("tbody tr")).toHaveCount(10),
  "/operate/farmMachinery": async (p) =>
    expect(p.getByRole("table", { name: "农机数据统计" }).getByRole("row", { name: /合计/ })).toBeVisible(),
  "/operate/reliabilityTestRecord": async (p) => expect(p.getByTestId("reliability-summary")).toBeVisible(),
  "/notRoadMonitor/report": async (p) =>
    expect(p.getByRole("table", { name: "统计报表" }).locator("tbody tr")).toHaveCount(10),
  "/operate/agriculturalMachinery": async (p) =>
    expect(p.getByRole("table", { name: "机械信息管理" }).locator("tbody tr")).toHaveCount(10),
  "/dataService/newMessageCheck": async (p) => expect(p.getByText("请选择接收时间范围")).toBeVisible(),
  "/dataService/newMessageCheck/newMessageCheckDetail": async (p) =>
    expect(p.getByText("请从新能源报文检查列表点击")).toBeVisible(),
  "/dataService/location": async (p) => expect(p.getByText("请输入有效的17位VIN")).toBeVisible(),
  "/dataService/history": async (p) => expect(p.getByRole("heading", { name: "历史数据采集" })).toBeVisible(),
  "/dataService/history/detail": async (p) => expect(p.getByText("请从历史数据采集列表点击")).toBeVisible(),
  "/lease/leaseVehicle": async (p) =>
    expect(p.getByRole("table", { name: "租赁车辆管理" }).locator("tbody tr")).toHaveCount(10),
  "/lease/vehicleRental": async (p) =>
    expect(p.getByRole("table", { name: "车辆租赁报表" }).locator("tbody tr")).toHaveCount(13),
  "/finance/index": async (p) =>
    expect(p.getByRole("table", { name: "金融管理" }).locator("tbody tr")).not.toHaveCount(0),
  "/deviceManage/tboxChange": async (p) =>
    expect(p.getByRole("table", { name: "T-Box更换" }).locator("tbody tr")).not.toHaveCount(0),
  "/deviceManage/vehicleChange": async (p) =>
    expect(p.getByRole("table", { name: "车机更换" }).locator("tbody tr")).not.toHaveCount(0),
  "/deviceManage/motorChange": async (p) =>
    expect(p.getByRole("table", { name: "驱动电机更换" }).locator("tbody tr")).not.toHaveCount(0),
  "/deviceManage/batteryChange": async (p) =>
    expect(p.getByRole("table", { name: "动力电池更换" }).locator("tbody tr")).not.toHaveCount(0),
  "/deviceManage/tboxCheckVIN": async (p) => expect(p.getByText("请选择登入时间范围")).toBeVisible(),
  "/deviceManage/tboxfalse": async (p) =>
    expect(p.getByRole("table", { name: "T-Box故障记录" }).locator("tbody tr")).not.toHaveCount(0),
  "/deviceManage/tamperAlarm": async (p) =>
    expect(p.getByRole("table", { name: "防拆报警" }).locator("tbody tr")).not.toHaveCount(0),
  "/deviceManage/tamperAlarm/alarmNotify": async (p) =>
    expect(p.getByRole("table", { name: "报警通知人员" }).locator("tbody tr")).toHaveCount(2),
  "/operate/alarm": async (p) =>
    expect(p.getByRole("table", { name: "故障报警" }).locator("tbody tr")).not.toHaveCount(0),
  "/operate/group": async (p) =>
    expect(p.getByRole("table", { name: "车辆分组" }).locator("tbody tr")).not.toHaveCount(0),
  "/personal/message": async (p) =>
    expect(p.getByRole("table", { name: "个人消息" }).locator("tbody tr")).not.toHaveCount(0),
  "/enclosure/index": async (p) => expect(p.getByRole("table", { name: "电子围栏" })).toContainText("上海市区"),
  "/operate/overview": async (p) => expect(p.getByRole("region", { name: "按品牌" })).toBeVisible(),
  "/operate/screen": async (p) =>
    expect(p.getByRole("table", { name: "高级筛选" }).locator("tbody tr")).not.toHaveCount(0),
  "/operate/detailInfo": async (p) =>
    expect(p.getByRole("table", { name: "车辆详细信息" }).locator("tbody tr")).not.toHaveCount(0),
  "/operate/details": async (p, vin) => {
    await p.goto(`/#/operate/details?vin=${vin}`);
    await expect(p.getByRole("region", { name: "新能源备案" })).toBeVisible();
  },
  "/operate/test": async (p, vin) => {
    // From the screen without a VIN to a link with one: the form follows the address.
    await p.goto(`/#/operate/test?vin=${vin}`);
    await expect(p.getByRole("textbox", { name: "VIN" })).toHaveValue(vin);
    await expect(p.getByText(/个位置点/)).toBeVisible();
  },
  "/personal/follow": async (p) =>
    expect(p.getByRole("table", { name: "我的关注" }).locator("tbody tr")).not.toHaveCount(0),
  "/lease/vehicleBuy": async (p) =>
    expect(p.getByRole("table", { name: "车辆购买报表" }).locator("tbody tr")).toHaveCount(13),
  "/lease/vehicleOperation": async (p) =>
    expect(p.getByRole("table", { name: "车辆运营报表" }).locator("tbody tr")).toHaveCount(13),
  "/lease/leaseHistory": async (p) =>
    expect(p.getByRole("table", { name: "车辆租赁历史报表" }).locator("tbody tr")).toHaveCount(13),
  "/dataService/faultCodeManagement": async (p) =>
    expect(p.getByRole("table", { name: "报文故障码管理" }).locator("tbody tr")).toHaveCount(10),
  "/dataService/can": async (p) =>
    expect(p.getByRole("table", { name: "CAN信号采集" }).locator("tbody tr")).toHaveCount(10),
  "/dataService/base": async (p) =>
    expect(p.getByRole("table", { name: "基础数据维护" }).locator("tbody tr")).toHaveCount(10),
  "/dataService/info": async (p) =>
    expect(p.getByRole("table", { name: "车辆版本信息" }).locator("tbody tr")).not.toHaveCount(0),
  // No diagnosis in the demo data (they are made by operators): the heading and the search card.
  "/dataService/udsV2": async (p) => expect(p.getByRole("button", { name: "发起诊断" })).toBeVisible(),
  "/ota/index": async (p) => expect(p.getByRole("table", { name: "OTA升级" }).locator("tbody tr")).not.toHaveCount(0),
  "/carControlService/manage": async (p) =>
    expect(p.getByRole("table", { name: "车控服务管理" }).locator("tbody tr")).not.toHaveCount(0),
  "/carControlService/remind": async (p) =>
    expect(p.getByRole("table", { name: "车控提醒" }).locator("tbody tr")).not.toHaveCount(0),
  "/dataService/terminal": async (p) =>
    expect(p.getByRole("table", { name: "终端参数设置" }).locator("tbody tr")).toHaveCount(3),
  "/dataService/infoSystem": async (p) =>
    expect(p.getByRole("table", { name: "车载信息系统管理" }).locator("tbody tr")).toHaveCount(8),
  "/dataService/content": async (p) =>
    expect(p.getByRole("table", { name: "车载内容管理" }).locator("tbody tr")).toHaveCount(4),
  "/permit/log": async (p) => expect(p.getByRole("table", { name: "操作日志" }).locator("tbody tr")).toHaveCount(10),
  "/permit/tenant": async (p) =>
    expect(p.getByRole("table", { name: "租户管理" }).locator("tbody tr").first()).toContainText("T0001"),
  "/permit/belowTenant": async (p) =>
    expect(p.getByRole("table", { name: "下级租户管理" }).locator("tbody tr").first()).toBeVisible(),
  "/permit/account": async (p) =>
    expect(p.getByRole("table", { name: "账号管理" }).locator("tbody tr")).not.toHaveCount(0),
  "/permit/role": async (p) =>
    expect(p.getByRole("table", { name: "角色管理" }).locator("tbody tr")).not.toHaveCount(0),
  "/permit/organize": async (p) =>
    expect(p.getByRole("table", { name: "组织架构" }).locator("tbody tr")).not.toHaveCount(0),
  "/permit/menu": async (p) => expect(p.getByRole("table", { name: "菜单管理" }).locator("tbody tr")).toHaveCount(10),
};

test("every built screen is visited by the axe walk", () => {
  expect(Object.keys(visits).toSorted()).toEqual([...BUILT_SCREEN_PATHS].toSorted());
});

/**
 * The walk in parts (one sign-in each), so each part stays well inside its time limit as
 * screens are added; the last part takes every screen the others do not.
 */
const PARTS: [string, (path: string) => boolean][] = [
  ["基础信息管理", (path) => path.startsWith("/baseInfo/")],
  ["数据服务", (path) => path.startsWith("/dataService/")],
  ["the other areas", (path) => !path.startsWith("/baseInfo/") && !path.startsWith("/dataService/")],
];

for (const [part, inPart] of PARTS) {
  test(`${part}: every real screen has no serious or critical axe violation`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, "admin", "/dataHome");
    const paths = Object.keys(visits).filter(inPart);
    const vin = paths.some((p) => p.startsWith("/tbox/")) ? await seededVin(page) : "";
    for (const path of paths) {
      await page.goto(`/#${path}`);
      await visits[path]?.(page, vin);
      await audit(page, path);
    }
  });
}

test("the audit fails on a serious violation, so a clean walk means something", async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="zh-CN"><title>探针</title><main><button type="button"></button></main></html>',
  );
  await expect(audit(page, "probe")).rejects.toThrow(/critical button-name/);
});

test("the kit's dialogs have no serious or critical axe violation", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/dataHome");
  // The kit's dialogs: import and edit of the SIM card list, and a decoded frame.
  await page.goto("/#/baseInfo/simCard");
  await expect(page.getByRole("table", { name: "SIM卡数据" }).locator("tbody tr")).toHaveCount(10);
  await page.getByRole("button", { name: "导入", exact: true }).click();
  await audit(page, "import dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("table", { name: "SIM卡数据" }).getByRole("button", { name: "编辑" }).first().click();
  await audit(page, "edit dialog");
  await page.keyboard.press("Escape");
  // The filing screens' group form (lines and suggestions) and change log.
  await page.goto("/#/baseInfo/recordVehicleInfo?group=batteryInfo");
  const filed = page.getByRole("table", { name: "备案车辆信息" });
  await expect(filed.locator("tbody tr")).toHaveCount(10);
  await filed.getByRole("button", { name: "编辑" }).first().click();
  await expect(page.getByRole("dialog").getByLabel("子系统编码")).toBeVisible();
  await audit(page, "group edit dialog");
  await page.keyboard.press("Escape");
  await filed.getByRole("button", { name: "变更记录" }).first().click();
  await expect(page.getByRole("dialog").getByRole("table").locator("tbody tr").first()).toBeVisible();
  await audit(page, "change log dialog");
  await page.keyboard.press("Escape");
});

test("the kit by keyboard alone: search, page, open and close a dialog on the SIM card list", async ({ page }) => {
  await signIn(page, "admin", "/baseInfo/simCard");
  await page.goto("/#/baseInfo/simCard");
  const rows = page.getByRole("table", { name: "SIM卡数据" }).locator("tbody tr");
  await expect(rows).toHaveCount(10);
  const first = await rows.first().locator("td").first().innerText();
  // Type a part of the first ICCID and press Enter in the box.
  await page.getByLabel("ICCID").focus();
  await page.keyboard.type(first.slice(0, 18));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`iccid=${first.slice(0, 18)}`));
  await expect(rows.first()).toContainText(first);
  // Tab reaches 重置 after 查询; Enter on it empties the form.
  await page.getByRole("button", { name: "查询", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "重置" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("ICCID")).toHaveValue("");
  // The pager by keyboard.
  await page.getByRole("button", { name: "查询", exact: true }).press("Enter");
  await page.getByRole("button", { name: "第 2 页" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "第 2 页" })).toHaveAttribute("aria-current", "page");
  // The import dialog opens with Enter, traps focus, and Escape closes it.
  await page.getByRole("button", { name: "导入", exact: true }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "导入SIM卡" });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});
