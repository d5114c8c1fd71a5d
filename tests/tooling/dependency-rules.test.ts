import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error — plain .mjs module of the lint step, no declaration file
import { checkDependencies } from "../../scripts/dependency-rules.mjs";

interface Violation {
  file: string;
  rule: string;
  detail: string;
}
const fixtures = path.join(import.meta.dirname, "fixtures");
const check = (name: string) => checkDependencies(path.join(fixtures, name)) as Violation[];

describe("dependency rules (DESIGN.md arrows)", () => {
  const violations = check("forbidden");
  const details = violations.map((v) => `${v.file} ${v.rule} ${v.detail}`);

  it("catches the domain importing react, a workspace and node I/O", () => {
    expect(details).toContainEqual(expect.stringMatching(/domain.*domain-is-pure.*not react/));
    expect(details).toContainEqual(expect.stringMatching(/domain.*layer-direction.*@tsp\/sdk/));
    expect(details).toContainEqual(expect.stringMatching(/domain.*node:fs is I\/O/));
  });

  it("catches the domain reading the clock, randomness, fetch and the DOM", () => {
    for (const what of ["Date.now", "new Date() without a time", "Math.random", "global fetch", "global window"]) {
      expect(details).toContainEqual(expect.stringContaining(what));
    }
  });

  it("catches ui importing the sdk and reaching into apps/", () => {
    expect(details).toContainEqual(expect.stringMatching(/ui.*layer-direction.*@tsp\/sdk/));
    expect(details).toContainEqual(expect.stringMatching(/ui.*no-import-from-apps/));
  });

  it("catches the sdk importing an app or the domain", () => {
    expect(details).toContainEqual(expect.stringMatching(/sdk.*no-import-from-apps.*@tsp\/console/));
    expect(details).toContainEqual(expect.stringMatching(/sdk.*layer-direction.*@tsp\/domain/));
  });

  it("passes imports that follow the arrows", () => {
    expect(check("allowed")).toEqual([]);
  });

  it("fails the lint step (non-zero exit) on the forbidden tree and passes on the real one", () => {
    const script = path.join(import.meta.dirname, "../../scripts/check-deps.mjs");
    expect(() => execFileSync("node", [script, path.join(fixtures, "forbidden")], { stdio: "pipe" })).toThrow();
    expect(execFileSync("node", [script], { encoding: "utf8" })).toContain("clean");
  });
});
