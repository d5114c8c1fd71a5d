import { describe, expect, it } from "vitest";
import {
  BATCH_VEHICLE_STATES,
  batchProgress,
  batchStateOf,
  batchVehiclesProblem,
  isBatchOpen,
  isBatchVehicleOpen,
  isRetryable,
  MAX_BATCH_VEHICLES,
} from "./batch";
import {
  MAX_TEMPLATE_PARAMS,
  paramLines,
  paramSummary,
  parseParamLines,
  sortedParams,
  templateChanges,
  templateProblems,
} from "./template";

const good = { name: "上报周期30秒", protocol: "gbt32960", params: [{ id: 0x02, value: 30 }] };

describe("templateProblems", () => {
  it("accepts a named GB/T 32960 template with valid values", () => {
    expect(templateProblems(good)).toEqual([]);
    expect(templateProblems({ ...good, remark: null })).toEqual([]);
  });
  it("names every problem on its field", () => {
    expect(
      templateProblems({
        name: "  ",
        protocol: "jt808",
        remark: "x".repeat(201),
        params: [
          { id: 0x02, value: 0 },
          { id: 0x02, value: 30 },
          { id: 0x07, value: "HW1.0" },
        ],
      }),
    ).toEqual([
      { field: "name", msg: "请输入模板名称" },
      { field: "protocol", msg: "协议暂只支持GB/T 32960" },
      { field: "remark", msg: "备注不超过200个字" },
      { field: "params[0].value", msg: "正常时信息上报时间周期应为1–600s的整数" },
      { field: "params[1].id", msg: "参数0x02重复" },
      { field: "params[2].value", msg: "硬件版本为只读参数，不能设置" },
    ]);
  });
  it("bounds the name and the number of parameters", () => {
    expect(templateProblems({ ...good, name: "名".repeat(51) })).toEqual([
      { field: "name", msg: "模板名称不超过50个字" },
    ]);
    expect(templateProblems({ ...good, params: [] })).toEqual([{ field: "params", msg: "请至少设置一个参数" }]);
    const many = Array.from({ length: MAX_TEMPLATE_PARAMS + 1 }, (_, i) => ({ id: 0x80 + i, value: "01" }));
    expect(templateProblems({ ...good, params: many })).toEqual([{ field: "params", msg: "一个模板最多20个参数" }]);
  });
});

describe("parseParamLines / paramLines", () => {
  it("reads hex or decimal ids, numbers for number parameters and text as written", () => {
    expect(parseParamLines(["0x02=30", "", " 9 ： 60 ", "0x05=tsp.example.com", "0x80=0A1B"])).toEqual({
      params: [
        { id: 2, value: 30 },
        { id: 9, value: 60 },
        { id: 5, value: "tsp.example.com" },
        { id: 0x80, value: "0A1B" },
      ],
      problem: null,
    });
  });
  it("names the first bad line", () => {
    expect(parseParamLines(["0x02=30", "上报周期"]).problem).toBe("第2行应为“参数ID=值”，如0x02=30");
    expect(parseParamLines(["0x02=abc"]).problem).toBe("第1行：正常时信息上报时间周期应为1–600s的整数");
    expect(parseParamLines(["0x20=1"]).problem).toBe(
      "第1行：参数ID0x20不是国标定义的参数（可用0x01–0x10，自定义0x80–0xFE）",
    );
  });
  it("writes lines in id order that read back the same", () => {
    const params = [
      { id: 0x09, value: 60 },
      { id: 0x02, value: 30 },
    ];
    expect(paramLines(params)).toEqual(["0x02=30", "0x09=60"]);
    expect(parseParamLines(paramLines(params)).params).toEqual(sortedParams(params));
  });
});

describe("paramSummary / templateChanges", () => {
  it("names a parameter with its value and unit", () => {
    expect(paramSummary({ id: 0x02, value: 30 })).toBe("正常时信息上报时间周期 = 30 s");
    expect(paramSummary({ id: 0x30, value: 1 })).toBe("0x30 = 1");
  });
  it("lists name, remark and each parameter added, removed or changed", () => {
    const before = {
      ...good,
      remark: "旧",
      params: [
        { id: 0x02, value: 30 },
        { id: 0x09, value: 60 },
      ],
    };
    const after = {
      ...good,
      name: "上报周期10秒",
      remark: "",
      params: [
        { id: 0x02, value: 10 },
        { id: 0x10, value: 1 },
        { id: 0x09, value: 60 },
      ],
    };
    expect(templateChanges(before, after)).toEqual([
      { field: "模板名称", before: "上报周期30秒", after: "上报周期10秒" },
      { field: "备注", before: "旧", after: null },
      { field: "正常时信息上报时间周期", before: "30 s", after: "10 s" },
      { field: "是否处于抽样监测中", before: null, after: "1（是）" },
    ]);
    expect(templateChanges(after, { ...after, params: [{ id: 0x30, value: 1 }] }).map((c) => c.field)).toEqual([
      "正常时信息上报时间周期",
      "车载终端心跳发送周期",
      "是否处于抽样监测中",
      "0x30",
    ]);
    expect(templateChanges(good, good)).toEqual([]);
  });
});

describe("batch progress", () => {
  it("counts commands by state, a wake-up SMS as queued and an unknown state as failed", () => {
    expect(batchStateOf("smsSent")).toBe("queued");
    expect(batchStateOf("success")).toBe("success");
    expect(batchStateOf("bogus")).toBe("failed");
    const p = batchProgress([
      { state: "queued", n: 2 },
      { state: "smsSent", n: 1 },
      { state: "success", n: 4 },
      { state: "expired", n: 1 },
    ]);
    expect(p).toEqual({ queued: 3, sent: 0, acknowledged: 0, success: 4, failed: 0, expired: 1, cancelled: 0 });
    expect(isBatchOpen(p)).toBe(true);
    expect(isBatchOpen(batchProgress([{ state: "success", n: 1 }]))).toBe(false);
    expect(BATCH_VEHICLE_STATES.filter(isBatchVehicleOpen)).toEqual(["queued", "sent", "acknowledged"]);
    expect(BATCH_VEHICLE_STATES.filter(isRetryable)).toEqual(["failed", "expired"]);
  });
  it("takes 1 to 1000 vehicles", () => {
    expect(batchVehiclesProblem(0)).toBe("请选择下发车辆（VIN或车辆分组）");
    expect(batchVehiclesProblem(1)).toBeNull();
    expect(batchVehiclesProblem(MAX_BATCH_VEHICLES + 1)).toBe("一个批次最多1000辆车");
  });
});
