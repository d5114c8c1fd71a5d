import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { loadDocuments } from "./documents";
import { listOperations } from "./operations";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const ops = listOperations(loadDocuments(fixtures));
const byId = (id: string) => {
  const op = ops.find((o) => o.operationId === id);
  if (!op) throw new Error(`no ${id}`);
  return op;
};

describe("operations from openapi documents", () => {
  it("lists every operation with its Fastify path, service and security", () => {
    expect(ops.map((o) => o.operationId).toSorted()).toEqual(
      ["demoExport", "demoForm", "demoItem", "demoJournal", "demoLater", "demoTree"].toSorted(),
    );
    expect(byId("demoItem")).toMatchObject({ routePath: "/demo/items/:itemId", service: "demo", requiresAuth: false });
    expect(byId("demoExport")).toMatchObject({ requiresAuth: true, permission: "/demo/export" });
    // Basic-only (the token call) needs no bearer token.
    expect(byId("demoForm").requiresAuth).toBe(false);
  });

  it("inlines parameter $refs across files and keeps path-level parameters", () => {
    const vin = byId("demoJournal").parameters.find((p) => p.name === "vin");
    expect(vin?.required).toBe(true);
    const item = byId("demoItem").parameters[0];
    expect(item).toMatchObject({ name: "itemId", in: "path", required: true });
  });

  it("bundles a recursive schema into $defs so ajv can validate any depth", () => {
    const schema = byId("demoTree").requestBody?.content["application/json"];
    const validate = new Ajv2020({ strict: false }).compile(schema as object);
    expect(validate({ name: "a", children: [{ name: "b", children: [{ name: "c" }] }] })).toBe(true);
    expect(validate({ name: "a", children: [{ name: "b", children: [{ name: "far too long name" }] }] })).toBe(false);
  });

  it("refuses a duplicate operationId across documents", () => {
    const doc = { paths: { "/x": { get: { operationId: "same" } } } };
    expect(() =>
      listOperations(
        new Map([
          ["a.yaml", doc],
          ["b.yaml", doc],
        ]),
      ),
    ).toThrow(/same/);
  });
});
