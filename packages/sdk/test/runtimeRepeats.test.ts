import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CancelledError, createTspClient, memoryTokenStore, type TspError } from "../src/index";
import { json, sleep, startServer, type TestServer } from "./server";

/**
 * Spec §7: an identical pending request is cancelled by its repeat. With three or more repeats
 * the runtime must keep track of the newest one even after an older one has finished
 * cancelling, or the next repeat runs side by side with it (and a stale answer may land last).
 */
const operations = { listProviders: { method: "get", path: "/tsp-bss/provider/list" } };
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.routes.clear();
  server.requests.length = 0;
  server.routes.set("GET /tsp-bss/provider/list", async (_req, res) => {
    await sleep(150);
    json(res, { code: 200, data: { list: [] } });
  });
});

function setup() {
  const errors: TspError[] = [];
  const sdk = createTspClient({
    baseUrl: server.baseUrl,
    operations,
    tokenStore: memoryTokenStore("tok"),
    hooks: { onError: (e) => errors.push(e) },
  });
  /** One call, settled either way: `ok` with the answer or `error` with what it rejected with. */
  const call = (): Promise<{ ok?: unknown; error?: unknown }> =>
    sdk.raw("GET", "/tsp-bss/provider/list").then(
      (r) => ({ ok: r.data }),
      (error: unknown) => ({ error }),
    );
  return { sdk, call, errors };
}

describe("repeats of one pending GET", () => {
  it("the third repeat cancels the second even after the first has finished being cancelled", async () => {
    const { sdk, call, errors } = setup();
    const first = call();
    await sleep(20);
    const second = call();
    // The first is cancelled and done with before the third starts.
    expect((await first).error).toBeInstanceOf(CancelledError);
    const third = call();
    const [b, c] = await Promise.all([second, third]);
    expect(b.error).toBeInstanceOf(CancelledError);
    expect(c.ok).toBeDefined();
    expect(sdk.pendingCount()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("of three repeats sent together only the newest answers", async () => {
    const { sdk, call, errors } = setup();
    const results = await Promise.all([call(), call(), call()]);
    expect(results[0]?.error).toBeInstanceOf(CancelledError);
    expect(results[1]?.error).toBeInstanceOf(CancelledError);
    expect(results[2]?.ok).toBeDefined();
    expect(sdk.pendingCount()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("a repeat after the newest has answered runs on its own and cancels nothing", async () => {
    const { call } = setup();
    const first = call();
    await sleep(20);
    const second = call();
    expect((await first).error).toBeInstanceOf(CancelledError);
    expect((await second).ok).toBeDefined();
    const fourth = await call();
    expect(fourth.ok).toBeDefined();
  });
});
