import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// Issue 3 "Done when": every call the two spec documents name (tests/fixtures/endpoints.txt,
// a copy of ../shared/spec/endpoints.txt) exists in openapi/ with that method.

const repo = path.resolve(import.meta.dirname, "../..");
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

interface PathItem {
  [method: string]: unknown;
}

/** "METHOD /path" of every operation in every service document. */
function documentedCalls(): Set<string> {
  const calls = new Set<string>();
  const dir = path.join(repo, "openapi");
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".yaml") && n !== "components.yaml")) {
    const doc = parse(readFileSync(path.join(dir, name), "utf8")) as { paths?: Record<string, PathItem> };
    for (const [route, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) if (item[method]) calls.add(`${method.toUpperCase()} ${route}`);
    }
  }
  return calls;
}

/** The fixture's calls, comments and blank lines skipped, plus the count its header states. */
function listedCalls(): { calls: string[]; stated: number } {
  const text = readFileSync(path.join(repo, "tests/fixtures/endpoints.txt"), "utf8");
  const stated = Number(/(\d+) in all/.exec(text)?.[1]);
  const calls = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  return { calls, stated };
}

describe("openapi/ covers spec/endpoints.txt", () => {
  const { calls, stated } = listedCalls();
  const documented = documentedCalls();

  it("reads the 107 calls the fixture lists, each once", () => {
    expect(stated).toBe(107);
    expect(calls).toHaveLength(stated);
    expect(new Set(calls).size).toBe(calls.length);
    for (const call of calls) expect(call).toMatch(/^(GET|POST|PUT|DELETE|PATCH) \/\S+$/);
  });

  it("finds every listed call with that method in openapi/ (107/107)", () => {
    const missing = calls.filter((call) => !documented.has(call));
    const found = calls.length - missing.length;
    console.log(`openapi/ covers ${found}/${calls.length} calls of spec/endpoints.txt`);
    expect(missing).toEqual([]);
    expect(`${found}/${calls.length}`).toBe("107/107");
  });
});
