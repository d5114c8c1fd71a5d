import { describe, expect, it } from "vitest";
import { checkRegisterRow, emptyRegisterRow, registerFieldHint, writableFields } from "../registers/register";
import { FILINGS, MSG_REPLACE_SAME_TERMINAL, TERMINAL_REPLACE_FILING } from "./filings";

describe("the four filings", () => {
  it("each carries its state and reason as read-only fields, outside the form and the schema", () => {
    for (const def of Object.values(FILINGS)) {
      const keys = def.fields.map((f) => f.key);
      expect(keys.slice(-2)).toEqual(["status", "reason"]);
      expect(writableFields(def).map((f) => f.key)).toEqual(keys.slice(0, -2));
      expect(Object.keys(emptyRegisterRow(def))).not.toContain("status");
      // The example row passes its own checks once its choices are codes (an import maps labels to codes).
      const row = Object.fromEntries(
        writableFields(def).map((f) => {
          const value = def.example[f.key];
          const code = Object.entries(f.choices ?? {}).find(([, label]) => label === value)?.[0];
          return [f.key, code ?? value];
        }),
      );
      const checked = checkRegisterRow(def, { ...row, status: "approved" });
      expect(checked.ok).toBe(true);
      // A status sent with the row is not taken: the state changes only by its own calls.
      if (checked.ok) expect(checked.value.status).toBeUndefined();
      expect(def.fields.every((f) => registerFieldHint(f).length > 0 || !f.required)).toBe(true);
    }
  });

  it("refuses a replacement whose new terminal is the old one", () => {
    const row = {
      applyNo: "R1",
      pin: "LSYSY2159NA230001",
      oldTerminalId: "HJT1",
      newTerminalId: "HJT1",
      replaceReason: "终端损坏",
      replaceDate: "2025-03-15",
    };
    expect(checkRegisterRow(TERMINAL_REPLACE_FILING, row)).toEqual({
      ok: false,
      error: [{ field: "newTerminalId", msg: MSG_REPLACE_SAME_TERMINAL }],
    });
    expect(checkRegisterRow(TERMINAL_REPLACE_FILING, { ...row, newTerminalId: "HJT2" }).ok).toBe(true);
  });
});
