import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, the same engine @axe-core/playwright injects. */
const AXE_SOURCE: string = require("axe-core").source;

/** The WCAG 2.1 A and AA rules: what the console is held to. */
export const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core on the page as it is now: no serious or critical violation (lesser ones are printed
 * so they stay visible).
 *
 * Why not `@axe-core/playwright`'s AxeBuilder: each `analyze()` injects the 500 kB engine into
 * every frame again and finishes its run in a new blank page — about 3 s a call on this 2-core
 * machine, against 0.2–0.6 s for the same `axe.run` here (measured on the SIM card, dealer and
 * filing lists). The console is one document with no frames (checked below, so a frame added one
 * day is not silently left out), and its screens change by hash routing without reloading, so
 * the engine is injected once per page load and reused.
 */
export async function audit(page: Page, what: string, tags: string[] | "all" = WCAG_AA): Promise<void> {
  expect(page.frames().length, `${what}: the console has no frames for axe to miss`).toBe(1);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ["violations"],
    ...(tags === "all" ? {} : { runOnly: { type: "tag", values: tags } }),
  };
  const violations = await page.evaluate(
    (o) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe
        .run(document, o)
        .then((r) =>
          r.violations.map((v) => ({
            id: v.id,
            impact: v.impact ?? null,
            help: v.help,
            targets: v.nodes.map((n) => n.target.join(" ")),
          })),
        ),
    options,
  );
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  for (const v of violations.filter((x) => !blocking.includes(x)))
    console.log(`[a11y] ${what}: ${v.impact} ${v.id} (${v.targets.length})`);
  expect(
    blocking.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.targets.join(", ")}`),
    what,
  ).toEqual([]);
}
