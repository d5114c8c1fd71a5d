import { describe, expect, it } from "vitest";
import { followImportTask, type ImportTaskState } from "./importTask";

const report = { all: 3, success: 2, failed: 1, rows: [{ row: 4, vin: "LX", reason: "车辆不存在" }] };
const state = (s: Partial<ImportTaskState>): ImportTaskState => ({
  status: "running",
  rowsDone: 0,
  rowsTotal: null,
  failReason: null,
  report: null,
  ...s,
});

describe("followImportTask", () => {
  it("reports the rows checked while the task runs, then answers its report", async () => {
    const answers = [
      state({ status: "queued" }),
      state({ rowsDone: 1000 }),
      state({ rowsDone: 2000, rowsTotal: 3 }),
      state({ status: "done", rowsDone: 3, rowsTotal: 3, report }),
    ];
    const seen: [number, number | null][] = [];
    let waits = 0;
    const got = await followImportTask(
      async () => answers.shift() ?? state({ status: "failed" }),
      (done, total) => seen.push([done, total]),
      async () => {
        waits++;
      },
    );
    expect(got).toEqual(report);
    expect(seen).toEqual([
      [0, null],
      [1000, null],
      [2000, 3],
    ]);
    expect(waits).toBe(3);
  });

  it("throws the failed task's reason", async () => {
    const failed = state({ status: "failed", failReason: "服务重启，导入中断：本文件的数据均未保存，请重新导入" });
    await expect(
      followImportTask(
        async () => failed,
        undefined,
        async () => {},
      ),
    ).rejects.toThrow("服务重启，导入中断：本文件的数据均未保存，请重新导入");
  });
});
