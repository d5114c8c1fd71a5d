import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadDocuments } from "./documents";
import { listOperations } from "./operations";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

describe("listOperations: responses bundled on first read (issue 21: start time, idle memory)", () => {
  it("bundles an operation's responses when read, once, and they are there for spreads and JSON", () => {
    const op = listOperations(loadDocuments(fixtures)).find((o) => o.operationId === "demoTree");
    expect(op).toBeDefined();
    if (!op) return;
    const descriptor = Object.getOwnPropertyDescriptor(op, "responses");
    expect(descriptor?.get).toBeTypeOf("function");
    expect(descriptor?.enumerable).toBe(true);
    const first = op.responses;
    expect(Object.keys(first)).toContain("200");
    // The same object on every read: bundled once.
    expect(op.responses).toBe(first);
    expect({ ...op }.responses).toBe(first);
    expect(JSON.parse(JSON.stringify(op)).responses).toEqual(JSON.parse(JSON.stringify(first)));
  });

  it("bundles every response of the repository's contract (a broken $ref fails here, not only in a contract test)", () => {
    const ops = listOperations(loadDocuments());
    expect(ops.length).toBeGreaterThan(500);
    let media = 0;
    for (const op of ops) for (const content of Object.values(op.responses)) media += Object.keys(content).length;
    expect(media).toBeGreaterThan(ops.length);
  });
});
