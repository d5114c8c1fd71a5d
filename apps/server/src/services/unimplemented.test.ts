import { describe, expect, it } from "vitest";
import { orphanHandlers, unimplementedOperations } from "../http/router";
import { loadDocuments } from "../openapi/documents";
import { listOperations } from "../openapi/operations";
import { serviceModules } from "./index";

const ops = listOperations(loadDocuments());

describe("operations of openapi/ against the service modules", () => {
  it("has a handler for every operation of openapi/ (an unimplemented one would answer 501)", () => {
    const missing = unimplementedOperations(ops, serviceModules);
    const lines = missing.map(
      (op) => `  ${op.service.padEnd(16)} ${op.operationId.padEnd(32)} ${op.method.toUpperCase()} ${op.path}`,
    );
    expect(lines).toEqual([]);
  });

  it("has no handler for an operationId that openapi/ does not define (typos)", () => {
    expect(orphanHandlers(ops, serviceModules)).toEqual([]);
  });
});
