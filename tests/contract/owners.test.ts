import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { operations } from "./support/contract";
import { OWNERS } from "./support/owners";

/**
 * Issue 5 "Done when": a contract suite calls every operation in openapi/ through @tsp/sdk with
 * good and with bad input. Each suite's ledger proves its own list; this proves the lists
 * together are every operation, each owned once, and that each owning suite checks its list.
 */
describe("contract ownership", () => {
  const owned = Object.values(OWNERS).flatMap(([, list]) => list);

  it("gives every operation of openapi/ exactly one owning contract suite", () => {
    const all = operations.map((o) => o.operationId).toSorted();
    const counts = new Map<string, number>();
    for (const id of owned) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1).map(([id]) => id)).toEqual([]);
    expect(all.filter((id) => !counts.has(id))).toEqual([]);
    expect([...counts.keys()].filter((id) => !all.includes(id))).toEqual([]);
    console.log(
      `contract suites call ${counts.size}/${all.length} operations of openapi/ through @tsp/sdk with good and bad input`,
    );
  });

  it("has each owning suite check its whole list with its ledger", () => {
    for (const [file, [name]] of Object.entries(OWNERS)) {
      const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
      expect(source, file).toContain(`ledger.expectCovered(${name})`);
    }
  });
});
