import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog";
import { FormDialog } from "./FormDialog";

const schema = v.object({
  iccid: v.string(),
  carrier: v.pipe(v.string(), v.minLength(1, "请选择运营商")),
  limit: v.nullable(v.pipe(v.number("请输入数字"), v.minValue(1, "至少为1"))),
  note: v.pipe(v.string(), v.maxLength(5, "备注过长")),
  opened: v.string(),
});
const initial = { iccid: "89860012345678901234", carrier: "", limit: null, note: "", opened: "" };
const fields = [
  { key: "iccid", label: "ICCID", kind: "text", readOnly: true },
  { key: "carrier", label: "运营商", kind: "select", required: true, options: [{ value: "CMCC", label: "中国移动" }] },
  { key: "limit", label: "流量上限", kind: "number" },
  { key: "note", label: "备注", kind: "textarea" },
  { key: "opened", label: "开卡日期", kind: "date" },
] as const;

function renderForm(onSubmit: (values: v.InferOutput<typeof schema>) => Promise<Record<string, string> | null>) {
  render(
    <FormDialog
      open
      title="编辑SIM卡"
      fields={fields}
      initial={initial}
      schema={schema}
      onSubmit={onSubmit}
      onClose={() => {}}
    />,
  );
}

describe("FormDialog", () => {
  it("checks the draft with the schema first and focuses the first bad field; nothing is sent", async () => {
    const onSubmit = vi.fn(async () => null);
    renderForm(onSubmit);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("流量上限"), "0");
    await user.click(screen.getByRole("button", { name: "确定" }));
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(["请选择运营商", "至少为1"]);
    expect(document.activeElement).toBe(screen.getByLabelText("* 运营商"));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>("ICCID").disabled).toBe(true);
  });

  it("lets a corrected form go at once after a refusal by its own rules (the 2-s throttle holds back sends only)", async () => {
    const onSubmit = vi.fn(async () => null);
    renderForm(onSubmit);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("流量上限"), "0");
    await user.click(screen.getByRole("button", { name: "确定" }));
    expect(onSubmit).not.toHaveBeenCalled();
    // Corrected within the same second and pressed again: sent, not dropped by the throttle.
    await user.selectOptions(screen.getByLabelText("* 运营商"), "CMCC");
    await user.clear(screen.getByLabelText("流量上限"));
    await user.click(screen.getByRole("button", { name: "确定" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // A second press right after a send is still held back.
    await user.click(screen.getByRole("button", { name: "确定" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("sends the checked value, shows the server's field messages and keeps the draft", async () => {
    const onSubmit = vi.fn(async () => ({ note: "备注含有敏感词", "": "记录已被他人修改，请刷新后重试" }));
    renderForm(onSubmit);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("* 运营商"), "CMCC");
    await user.type(screen.getByLabelText("流量上限"), "30");
    await user.type(screen.getByLabelText("备注"), "abc");
    await user.click(screen.getByRole("button", { name: "确定" }));
    expect(onSubmit).toHaveBeenCalledWith({ ...initial, carrier: "CMCC", limit: 30, note: "abc" });
    await waitFor(() => expect(screen.getByText("备注含有敏感词")).toBeTruthy());
    expect(screen.getByText("记录已被他人修改，请刷新后重试")).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>("备注").value).toBe("abc");
    // An emptied box is sent as null (not filled in); a date as yyyy-MM-dd. Enter submits the form.
    await user.clear(screen.getByLabelText("流量上限"));
    await user.type(screen.getByLabelText("开卡日期"), "2026-11-01");
    fireEvent.submit(screen.getByRole("form", { name: "编辑SIM卡" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit).toHaveBeenLastCalledWith({
      ...initial,
      carrier: "CMCC",
      limit: null,
      note: "abc",
      opened: "2026-11-01",
    });
  });
});

describe("FormDialog lines and suggestions", () => {
  const codes = v.object({
    codes: v.pipe(v.array(v.string()), v.maxLength(2, "最多2个")),
    model: v.nullable(v.string()),
  });
  const codeFields = [
    { key: "codes", label: "编码", kind: "lines" },
    { key: "model", label: "型号", kind: "text", suggestions: ["TZ220", "TZ300"] },
  ] as const;
  it("edits a list one per line (new lines kept while typing), checks it as a list and offers suggestions", async () => {
    const onSubmit = vi.fn(async () => null);
    render(
      <FormDialog
        open
        title="编辑编码"
        fields={codeFields}
        initial={{ codes: ["A1"], model: null }}
        schema={codes}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const user = userEvent.setup();
    const box = screen.getByLabelText<HTMLTextAreaElement>("编码");
    expect(box.value).toBe("A1");
    await user.type(box, "{Enter}B2{Enter}{Enter}C3");
    expect(box.value).toBe("A1\nB2\n\nC3");
    await user.click(screen.getByRole("button", { name: "确定" }));
    expect(screen.getByRole("alert").textContent).toBe("最多2个");
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, " B2 ,C3");
    const model = screen.getByLabelText<HTMLInputElement>("型号");
    const list = document.getElementById(model.getAttribute("list") ?? "");
    expect([...(list?.querySelectorAll("option") ?? [])].map((o) => o.value)).toEqual(["TZ220", "TZ300"]);
    await user.type(model, "TZ9");
    // The confirm button is throttled (spec §5); Enter in the form submits the same way.
    fireEvent.submit(screen.getByRole("form", { name: "编辑编码" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ codes: ["B2", "C3"], model: "TZ9" });
  });
});

describe("ConfirmDialog", () => {
  it("asks, and confirms once", async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog open title="删除SIM卡" onConfirm={onConfirm} onClose={() => {}} confirmText="删除">
        确定删除 8986…？
      </ConfirmDialog>,
    );
    const user = userEvent.setup();
    expect(screen.getByText("确定删除 8986…？")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "删除" }));
    await user.click(screen.getByRole("button", { name: "删除" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
