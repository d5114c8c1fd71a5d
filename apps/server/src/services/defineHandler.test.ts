import { describe, expect, expectTypeOf, it } from "vitest";
import { ok } from "../http/envelope";
import type { Principal } from "../platform/principal";
import {
  type BodyOf,
  type DataOf,
  defineHandler,
  type HandlerTable,
  type PathOf,
  type PrincipalOf,
  type QueryOf,
} from "./defineHandler";
import type { Handler } from "./types";

/**
 * Type tests: `tsc -p apps/server` checks this file. Every `@ts-expect-error` below must be an
 * error; if the typing of defineHandler were loose (query/body `unknown` or `any`, answers not
 * checked), the directive itself would be unused and `tsc` would fail with TS2578.
 */

// A correct handler: the answer matches DealerPage, the query is typed and coerced.
const findDealers = defineHandler<"findDealerList">(async ({ query }) => {
  const size: number | undefined = query.pageSize;
  const name: string | undefined = query.dealerName;
  return { list: [{ dealerName: name ?? "", dealerCode: "D1" }], total: size ?? 0 };
});

defineHandler<"findDealerList">(async ({ query }) => {
  // @ts-expect-error pageSize is already a number (coerced by the router): no Number(query.x) needed, and no string.
  const size: string = query.pageSize;
  return { list: [], total: Number(size) };
});

defineHandler<"findDealerList">(async ({ query }) => {
  // @ts-expect-error no such query parameter in the contract
  void query.dealerNmae;
  return { list: [], total: 0 };
});

// @ts-expect-error the answer must be the contract's DealerPage (total is a number)
defineHandler<"findDealerList">(async () => ({ list: [], total: "0" }));

// @ts-expect-error a list item misses its required fields
defineHandler<"listProviders">(async () => [{ providerId: 1 }]);

// ok(data, msg) is checked too.
defineHandler<"listProviders">(async () => ok([{ providerId: 1, providerCode: "P", providerName: "甲" }], "好"));
// @ts-expect-error ok() around a wrong answer
defineHandler<"listProviders">(async () => ok([{ providerId: "1" }]));

defineHandler<"queryNerBaseInfo">(async ({ body }) => {
  // The JSON body is typed (NerQuery), required, and validated: no casts.
  const pageNum: number = body.pageNum;
  // @ts-expect-error vin is a string
  const vin: number = body.vin;
  return { list: [], total: pageNum + vin };
});

defineHandler<"downloadExportFile">(async ({ params, reply }) => {
  const id: string = params.id;
  // @ts-expect-error only the path's own parameters
  void params.name;
  return reply.header("x-id", id).send("file");
});

// A handler table rejects a typed handler under another operation's name, and misspelt names.
const table = { findDealerList: findDealers } satisfies HandlerTable;
// @ts-expect-error the DealerPage handler is not a handler of listProviders
const wrongKey = { listProviders: findDealers } satisfies HandlerTable;
// @ts-expect-error no such operation
const misspelt = { findDelaerList: findDealers } satisfies HandlerTable;

describe("defineHandler", () => {
  it("types input and answer from the generated contract", () => {
    expectTypeOf<QueryOf<"findDealerList">["pageNum"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<QueryOf<"listProviders">>().toEqualTypeOf<Record<string, never>>();
    expectTypeOf<PathOf<"downloadExportFile">>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<BodyOf<"listProviders">>().toEqualTypeOf<undefined>();
    // Multipart bodies are not parsed by the router.
    expectTypeOf<BodyOf<"importNerVehicleInfo">>().toEqualTypeOf<undefined>();
    expectTypeOf<DataOf<"findDealerList">["total"]>().toEqualTypeOf<number>();
    // The router answered 401 before a protected handler runs without a principal.
    expectTypeOf<PrincipalOf<"findDealerList">>().toEqualTypeOf<Principal>();
    expectTypeOf<PrincipalOf<"getToken">>().toEqualTypeOf<Principal | null>();
  });

  it("is the plain handler it wraps, for a module's handlers record", async () => {
    const plain: Handler = findDealers;
    expect(plain).toBe(findDealers);
    expect(Object.keys(table)).toEqual(["findDealerList"]);
    expect([wrongKey, misspelt]).toHaveLength(2);
    const answer = await plain({ query: { pageSize: 3, dealerName: "甲" } } as never, {} as never);
    expect(answer).toEqual({ list: [{ dealerName: "甲", dealerCode: "D1" }], total: 3 });
  });
});
