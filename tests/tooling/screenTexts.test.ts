import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONSOLE_SRC,
  catalogues,
  firstScreenGraph,
  importedCatalogues,
  importGraph,
  lazyEntries,
  neededCatalogues,
} from "./support/screenTexts";

/**
 * The screens' words load with the screens (see `apps/console/src/i18n/i18n.ts`): a screen that
 * uses a word of an area's catalogue must import that catalogue somewhere in its own import
 * graph, and the first screen's JavaScript must hold none of them (they were 108 KB gzip of it).
 */
const all = catalogues();
const rel = (f: string) => path.relative(CONSOLE_SRC, f);

describe("screen texts load with the screens", () => {
  it("finds the catalogues and the lazily loaded screens", () => {
    expect(all.size).toBeGreaterThan(30);
    expect(lazyEntries().length).toBeGreaterThan(100);
  });

  it("every lazily loaded screen imports each catalogue whose words it uses", () => {
    const missing: string[] = [];
    for (const entry of lazyEntries()) {
      const graph = importGraph(entry);
      const have = new Set([...graph].flatMap(importedCatalogues));
      for (const need of neededCatalogues(graph, all)) if (!have.has(need)) missing.push(`${rel(entry)} → ${need}`);
    }
    expect(missing).toEqual([]);
  });

  it("the first screen's modules neither import a catalogue of the screens nor use their words", () => {
    const first = [...firstScreenGraph()];
    expect(first.filter((f) => rel(f).startsWith("i18n/screens/")).map(rel)).toEqual([]);
    const code = first.filter((f) => !rel(f).startsWith("i18n/"));
    expect(code.length).toBeGreaterThan(20);
    expect([...neededCatalogues(code, all)]).toEqual([]);
  });

  it("the key type lists every catalogue, and every catalogue registers itself", () => {
    const keys = readFileSync(path.join(CONSOLE_SRC, "i18n/screenKeys.ts"), "utf8");
    for (const name of all.keys()) {
      expect(keys, name).toContain(`from "./screens/${name}";`);
      expect(readFileSync(path.join(CONSOLE_SRC, `i18n/screens/${name}.ts`), "utf8"), name).toMatch(
        /^registerTexts\(\w+Text\);$/m,
      );
    }
  });

  it("reads a screen's needs from its literals, template heads and prefixes", () => {
    const lease = lazyEntries().find((f) => rel(f).endsWith("LeaseVehiclePage.tsx"));
    if (!lease) throw new Error("no lease screen");
    expect(neededCatalogues(importGraph(lease), all)).toContain("lease");
    // 个人消息 uses alarm levels by a template (`alarm.level.${l}`) and 车控提醒's result words by a prefix.
    const messages = lazyEntries().find((f) => rel(f).endsWith("/personal/message/MessagePage.tsx"));
    if (!messages) throw new Error("no message screen");
    const needs = neededCatalogues(importGraph(messages), all);
    expect(needs).toContain("operateAlarms");
    expect(needs).toContain("carControl");
  });
});
