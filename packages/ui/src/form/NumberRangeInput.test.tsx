import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type NumberRange, NumberRangeInput } from "./NumberRangeInput";

function Harness() {
  const [v, setV] = useState<NumberRange>([null, null]);
  return (
    <>
      <NumberRangeInput label="里程" value={v} onChange={setV} unit="km" />
      <output>{JSON.stringify(v)}</output>
    </>
  );
}

describe("NumberRangeInput", () => {
  it("keeps digits only, at most 6, parsed as numbers", async () => {
    render(<Harness />);
    const min = screen.getByRole("textbox", { name: "里程最小值" });
    expect(min.getAttribute("maxlength")).toBe("6");
    await userEvent.setup().type(min, "12a3-4567");
    expect(screen.getByRole("status").textContent).toBe("[123456,null]");
  });
  it("shows the order message when min > max", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "里程最小值" }), "500");
    await user.type(screen.getByRole("textbox", { name: "里程最大值" }), "20");
    expect(screen.getByRole("alert").textContent).toBe("最小值不能大于最大值");
  });
});
