import { describe, expect, it } from "vitest";
import {
  LOG_ARRAY_MAX_ITEMS,
  LOG_MAX_DAYS,
  LOG_PARAMS_MAX_LENGTH,
  LOG_TARGET_MAX_LENGTH,
  LOG_VALUE_MAX_LENGTH,
  logSearchRange,
  logTargetOf,
  MSG_LOG_RANGE_ORDER,
  MSG_LOG_RANGE_TOO_LONG,
  operationTitle,
  permissionAction,
  REDACTED,
  redactLogParams,
} from "./operationLog";

const DAY = 86_400_000;

describe("redactLogParams", () => {
  it("merges query, path and body and never writes a password, token or secret", () => {
    const text = redactLogParams({
      query: { vin: "LB3CX1HU5RC100005" },
      params: { id: "7" },
      body: { password: "Admin@123456", newPwd: "x", accessToken: "abc", clientSecret: "s", nested: { token: "t" } },
    });
    expect(JSON.parse(text)).toEqual({
      vin: "LB3CX1HU5RC100005",
      id: "7",
      password: REDACTED,
      newPwd: REDACTED,
      accessToken: REDACTED,
      clientSecret: REDACTED,
      nested: { token: REDACTED },
    });
    expect(text).not.toContain("Admin@123456");
  });
  it("masks phones and ID numbers by field name and by value", () => {
    const parsed = JSON.parse(
      redactLogParams({
        body: {
          mobile: "13812345678",
          msisdn: "1064812345678",
          idCard: "110101199003071234",
          remark: "13912345678",
          other: "11010119900307123X",
          short: "ab",
        },
      }),
    );
    expect(parsed).toEqual({
      mobile: "138****5678",
      msisdn: "*********5678",
      idCard: "1101**********1234",
      remark: "139****5678",
      other: "1101**********123X",
      short: "ab",
    });
  });
  it("keeps numbers, booleans and null; cuts long strings, long arrays and deep objects", () => {
    const long = "x".repeat(LOG_VALUE_MAX_LENGTH + 5);
    const many = Array.from({ length: LOG_ARRAY_MAX_ITEMS + 3 }, (_, i) => i);
    const parsed = JSON.parse(
      redactLogParams({
        body: { n: 1, b: true, z: null, long, many, deep: { a: { b: { c: { d: 1 } } } }, arr: [[[[1]]]] },
      }),
    );
    expect(parsed.n).toBe(1);
    expect(parsed.b).toBe(true);
    expect(parsed.z).toBeNull();
    expect(parsed.long).toBe(`${"x".repeat(LOG_VALUE_MAX_LENGTH)}…`);
    expect(parsed.many).toHaveLength(LOG_ARRAY_MAX_ITEMS + 1);
    expect(parsed.many.at(-1)).toBe(`…共${LOG_ARRAY_MAX_ITEMS + 3}项`);
    expect(parsed.deep).toEqual({ a: { b: { c: "{…}" } } });
    expect(parsed.arr).toEqual([[["[…]"]]]);
  });
  it("ignores parts that are not objects and writes odd values as text", () => {
    expect(redactLogParams({ query: undefined, body: [1, 2], params: "x" })).toBe("{}");
    expect(JSON.parse(redactLogParams({ body: { big: 10n } }))).toEqual({ big: "10" });
  });
  it("cuts the whole summary at its maximum", () => {
    const body = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "y".repeat(100)]));
    const text = redactLogParams({ body });
    expect(text).toHaveLength(LOG_PARAMS_MAX_LENGTH);
    expect(text.endsWith("…")).toBe(true);
  });
});

describe("logTargetOf", () => {
  it("prefers the declared fields in order, path before query before body", () => {
    expect(logTargetOf([{ id: "3" }, { vin: "LB3CX1HU5RC100005" }, {}])).toBe("vin=LB3CX1HU5RC100005");
    expect(logTargetOf([{ id: "3" }, undefined, { id: 9 }])).toBe("id=3");
    expect(logTargetOf([null, [1], { username: " zhang " }])).toBe("username=zhang");
  });
  it("joins a list, skips empty values, masks a phone and is empty when nothing names a target", () => {
    expect(logTargetOf([{ vins: ["A", 2, {}] }])).toBe("vins=A,2");
    expect(logTargetOf([{ vins: [], vin: "", code: "C1" }])).toBe("code=C1");
    expect(logTargetOf([{ name: "13812345678" }])).toBe("name=138****5678");
    expect(logTargetOf([{ vin: { x: 1 } }, { other: 1 }])).toBe("");
  });
  it("cuts a long target", () => {
    const target = logTargetOf([{ ids: Array.from({ length: 100 }, (_, i) => 1000 + i) }]);
    expect(target).toHaveLength(LOG_TARGET_MAX_LENGTH);
    expect(target.endsWith("…")).toBe(true);
  });
});

describe("operationTitle", () => {
  it("names the screen and the action from the route table", () => {
    expect(operationTitle("/baseInfo/simCard/edit", "Edit")).toBe("SIM卡数据·编辑");
    expect(operationTitle("/tbox/loginJournal/loginLog/export", "x")).toBe("登录登出日志·登入日志导出");
    expect(operationTitle("/dataService/content/frobnicate", "x")).toBe("车载内容管理·frobnicate");
    expect(operationTitle("/baseInfo/recordVehicleInfo/export/batteryInfo", "x")).toBe("备案车辆信息·导出动力电池信息");
    expect(operationTitle("/tbox/remoteControl/jt808Door", "x")).toBe("远程控制·JT/T 808车门控制");
    expect(operationTitle("/tbox/setting/jt808Set", "x")).toBe("报警参数设置·JT/T 808参数设置");
    expect(permissionAction("/tbox/loginJournal/logoutLog/export")).toBe("登出日志导出");
    expect(permissionAction("/nowhere/export")).toBe("nowhere导出");
  });
  it("is the screen's title for the screen's own path, the summary without a known permission", () => {
    expect(operationTitle("/permit/log", "x")).toBe("操作日志");
    expect(operationTitle(undefined, "Change password")).toBe("Change password");
    expect(operationTitle("/nowhere/at/all", "Summary")).toBe("Summary");
  });
});

describe("logSearchRange", () => {
  const now = 100 * DAY;
  it("defaults to the last 7 days, or 7 days from or to the one end given", () => {
    expect(logSearchRange(undefined, undefined, now)).toEqual({ ok: true, value: { start: now - 7 * DAY, end: now } });
    expect(logSearchRange(10 * DAY, undefined, now)).toEqual({ ok: true, value: { start: 10 * DAY, end: 17 * DAY } });
    expect(logSearchRange(undefined, 20 * DAY, now)).toEqual({ ok: true, value: { start: 13 * DAY, end: 20 * DAY } });
  });
  it("refuses a reversed range and one longer than 93 days", () => {
    expect(logSearchRange(2 * DAY, DAY, now)).toEqual({ ok: false, error: MSG_LOG_RANGE_ORDER });
    expect(logSearchRange(0, (LOG_MAX_DAYS + 1) * DAY, now)).toEqual({ ok: false, error: MSG_LOG_RANGE_TOO_LONG });
    expect(logSearchRange(0, LOG_MAX_DAYS * DAY, now).ok).toBe(true);
  });
});
