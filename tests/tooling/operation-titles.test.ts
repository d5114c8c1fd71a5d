import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { operationTitle } from "@tsp/domain";
import { expect, it } from "vitest";
import { parse } from "yaml";

// The operation log's 操作 column (and the log seed) names each call by its button permission
// (`operationTitle`): the screen's menu title and the words of the permission's segments. The
// interface language is Chinese, so a segment without its word (`远程控制·findCar`) is a hole.

const openapiDir = path.resolve(import.meta.dirname, "../../openapi");
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

function permissions(): { id: string; permission: string; summary: string }[] {
  const out: { id: string; permission: string; summary: string }[] = [];
  for (const file of readdirSync(openapiDir).filter((f) => f.endsWith(".yaml"))) {
    const doc = parse(readFileSync(path.join(openapiDir, file), "utf8")) as { paths?: Record<string, unknown> };
    for (const item of Object.values(doc.paths ?? {}) as Record<string, Record<string, unknown> | undefined>[])
      for (const method of METHODS) {
        const op = item[method];
        if (typeof op?.["x-permission"] !== "string") continue;
        out.push({ id: String(op.operationId), permission: op["x-permission"], summary: String(op.summary ?? "") });
      }
  }
  return out;
}

it("names every operation with a permission in Chinese: the menu's title and a word for every segment", () => {
  const all = permissions();
  expect(all.length).toBeGreaterThan(200);
  const holes = all
    .map(({ id, permission, summary }) => ({ id, permission, title: operationTitle(permission, summary) }))
    // What follows the screen's title, without the standard's name (JT/T 808), has no Latin word left.
    .filter(({ title }) => /[a-z]/.test((title.split("·")[1] ?? "").replaceAll("JT/T 808", "")))
    .map(({ id, permission, title }) => `${id} (${permission}): ${title}`);
  expect(holes).toEqual([]);
});
