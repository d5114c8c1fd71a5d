import { describe, expect, it } from "vitest";
import { orphanHandlers, unimplementedOperations } from "../http/router";
import { loadDocuments } from "../openapi/documents";
import { listOperations } from "../openapi/operations";
import { serviceModules } from "./index";

const ops = listOperations(loadDocuments());

describe("operations of openapi/ against the service modules", () => {
  it("lists the operations no module implements yet (they answer 501; the count must reach 0)", () => {
    const missing = unimplementedOperations(ops, serviceModules);
    const lines = missing.map(
      (op) => `  ${op.service.padEnd(16)} ${op.operationId.padEnd(32)} ${op.method.toUpperCase()} ${op.path}`,
    );
    console.log(`unimplemented operations: ${missing.length} of ${ops.length}\n${lines.join("\n")}`);
    expect(missing.length).toBeLessThanOrEqual(ops.length);
  });

  it("has no handler for an operationId that openapi/ does not define (typos)", () => {
    expect(orphanHandlers(ops, serviceModules)).toEqual([]);
  });
});
