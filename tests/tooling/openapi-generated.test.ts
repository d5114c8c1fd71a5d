import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

// packages/sdk/src/generated must be what `npm run gen` makes from openapi/ right now:
// regenerate into a temporary folder and compare file by file.

const repo = path.resolve(import.meta.dirname, "../..");
const committed = path.join(repo, "packages/sdk/src/generated");
const fresh = mkdtempSync(path.join(tmpdir(), "tsp-gen-"));
afterAll(() => rmSync(fresh, { recursive: true, force: true }));

const files = (dir: string) => readdirSync(dir).toSorted();

describe("generated SDK types", () => {
  execFileSync(process.execPath, [path.join(repo, "scripts/gen-sdk.mjs"), "--out", fresh], { stdio: "pipe" });

  it("has one file per service document plus index.ts", () => {
    const services = readdirSync(path.join(repo, "openapi"))
      .filter((n) => n.endsWith(".yaml") && n !== "components.yaml")
      .map((n) => n.replace(/\.yaml$/, ".ts"));
    expect(files(fresh)).toEqual([...services, "index.ts"].toSorted());
  });

  it("is not stale: the committed files equal a fresh `npm run gen`", () => {
    expect(files(committed)).toEqual(files(fresh));
    const stale = files(fresh).filter(
      (name) => readFileSync(path.join(committed, name), "utf8") !== readFileSync(path.join(fresh, name), "utf8"),
    );
    expect(stale, "run `npm run gen` and commit packages/sdk/src/generated").toEqual([]);
  });

  it("lists every operation in the runtime table with its method, path and markers", async () => {
    const { operations } = (await import(path.join(fresh, "index.ts"))) as {
      operations: Record<string, { method: string; path: string; longRunning: boolean; permission: string | null }>;
    };
    let count = 0;
    for (const name of readdirSync(path.join(repo, "openapi")).filter((n) => n.endsWith(".yaml"))) {
      const doc = parse(readFileSync(path.join(repo, "openapi", name), "utf8")) as {
        paths?: Record<string, Record<string, { operationId?: string; "x-permission"?: string }>>;
      };
      for (const [route, item] of Object.entries(doc.paths ?? {})) {
        for (const [method, op] of Object.entries(item)) {
          if (!op?.operationId) continue;
          count++;
          expect(operations[op.operationId], op.operationId).toMatchObject({
            method: method.toUpperCase(),
            path: route,
            permission: op["x-permission"] ?? null,
          });
        }
      }
    }
    expect(Object.keys(operations)).toHaveLength(count);
    expect(operations.exportLoginLog).toMatchObject({ longRunning: true });
    expect(operations.getLoginLog).toMatchObject({ longRunning: false });
  });
});
