import { Readable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { unsafeInput } from "./inputGuards";

describe("input the schemas admit but storage cannot", () => {
  it("refuses a NUL in a query value, a body string, a nested array item and a key", () => {
    expect(unsafeInput({ query: { keyWords: "a\u0000b" } })).toEqual({
      field: "keyWords",
      msg: "keyWords：不能包含空字符",
    });
    expect(unsafeInput({ body: { vehicle: { name: "x\u0000" } } })).toEqual({
      field: "name",
      msg: "name：不能包含空字符",
    });
    expect(unsafeInput({ body: { ids: ["ok", "\u0000"] } })).toMatchObject({ field: "ids[1]" });
    expect(unsafeInput({ body: { "a\u0000": 1 } })).toMatchObject({ msg: "body：不能包含空字符" });
  });

  it("refuses non-finite numbers", () => {
    expect(unsafeInput({ query: { oemId: Number.POSITIVE_INFINITY } })).toEqual({
      field: "oemId",
      msg: "oemId：必须是有限的数字",
    });
    expect(unsafeInput({ body: { n: Number.NaN } })).toMatchObject({ field: "n" });
  });

  it("passes ordinary input, Chinese text, control characters other than NUL, buffers and null", () => {
    expect(
      unsafeInput({
        query: { vin: "LB3CX1HU5RC100005", pageSize: 10, desc: true },
        params: {},
        body: { name: "五菱\t宏光", list: [1, 2.5, null], file: Buffer.from([0]) },
      }),
    ).toBeNull();
    expect(unsafeInput({ query: undefined, body: null })).toBeNull();
    // A streamed body (object-store PUT) is payload, not fields: never walked.
    expect(unsafeInput({ body: Readable.from(["\u0000"]) })).toBeNull();
  });

  it("walks the query object Fastify parses (its prototype is a null-prototype object)", async () => {
    const app = Fastify();
    app.get("/q", async (request) => ({ unsafe: unsafeInput({ query: request.query }) }));
    try {
      const nul = await app.inject({ method: "GET", url: "/q?keyWords=a%00b" });
      expect(nul.json()).toEqual({ unsafe: { field: "keyWords", msg: "keyWords：不能包含空字符" } });
      const fine = await app.inject({ method: "GET", url: "/q?keyWords=%E4%BA%94%E8%8F%B1" });
      expect(fine.json()).toEqual({ unsafe: null });
    } finally {
      await app.close();
    }
  });
});
