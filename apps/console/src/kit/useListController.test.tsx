import { act, renderHook, waitFor } from "@testing-library/react";
import { choiceFilter, filterCodec, PAGE_SIZE_STORAGE_KEY, textFilter } from "@tsp/domain";
import { CancelledError } from "@tsp/sdk";
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentHashSearch, navigateHash } from "../routing/hashLocation";
import { type NumberedLoad, useListController } from "./useListController";

const codec = filterCodec(v.object({ name: textFilter(), state: choiceFilter(["on", "off"]) }));
type F = v.InferOutput<typeof codec.schema>;

/** A server of 25 rows named r1…r25 whose loads resolve when the test says so. */
function numberedServer() {
  const calls: NumberedLoad<F>[] = [];
  const pending: (() => void)[] = [];
  const load = vi.fn((q: NumberedLoad<F>) => {
    calls.push(q);
    return new Promise<{ list: string[]; total: number }>((resolve, reject) => {
      q.signal.addEventListener("abort", () => reject(new CancelledError()));
      pending.push(() => {
        const from = (q.pageNum - 1) * q.pageSize;
        resolve({ list: Array.from({ length: 25 }, (_, i) => `r${i + 1}`).slice(from, from + q.pageSize), total: 25 });
      });
    });
  });
  const answer = async () => {
    await act(async () => {
      for (const p of pending.splice(0)) p();
    });
  };
  return { load, calls, answer };
}

beforeEach(() => {
  localStorage.clear();
  navigateHash("/list", { replace: true });
});
afterEach(() => navigateHash("/", { replace: true }));

describe("useListController (numbered)", () => {
  it("loads page 1 of the address's filters, pages, and a new search goes back to page 1 in the address", async () => {
    navigateHash("/list?name=ab&state=on", { replace: true });
    const server = numberedServer();
    const { result } = renderHook(() =>
      useListController({ screen: "t", filters: codec, paging: "numbered", load: server.load }),
    );
    expect(result.current.filters).toEqual({ name: "ab", state: "on" });
    expect(result.current.loading).toBe(true);
    await server.answer();
    expect(result.current.rows).toEqual(["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10"]);
    expect(result.current.paging).toMatchObject({ kind: "numbered", pageNum: 1, pageSize: 10, total: 25 });

    act(() => result.current.paging.kind === "numbered" && result.current.paging.onChange(3, 10));
    await server.answer();
    expect(result.current.rows).toEqual(["r21", "r22", "r23", "r24", "r25"]);
    expect(server.calls.at(-1)).toMatchObject({ pageNum: 3, filters: { name: "ab", state: "on" } });

    act(() => result.current.search({ name: "x", state: "" }));
    expect(currentHashSearch()).toBe("name=x");
    expect(result.current.rows).toEqual([]); // rows of the earlier search never show under the new one
    await server.answer();
    expect(server.calls.at(-1)).toMatchObject({ pageNum: 1, filters: { name: "x", state: "" } });
    expect(result.current.paging).toMatchObject({ pageNum: 1 });
  });

  it("cancels the load before when the search changes, and the same search again reloads page 1", async () => {
    const server = numberedServer();
    const { result } = renderHook(() =>
      useListController({ screen: "t", filters: codec, paging: "numbered", load: server.load }),
    );
    act(() => result.current.search({ name: "a", state: "" }));
    expect(server.calls[0]?.signal.aborted).toBe(true);
    await server.answer();
    expect(server.calls).toHaveLength(2);
    act(() => result.current.search({ name: "a", state: "" }));
    await server.answer();
    expect(server.calls).toHaveLength(3);
    expect(server.calls[2]).toMatchObject({ pageNum: 1, filters: { name: "a" } });
  });

  it("remembers the page size per screen and writes it into the address", async () => {
    const server = numberedServer();
    const { result } = renderHook(() =>
      useListController({ screen: "sims", filters: codec, paging: "numbered", load: server.load }),
    );
    await server.answer();
    act(() => result.current.paging.kind === "numbered" && result.current.paging.onChange(1, 20));
    await server.answer();
    expect(currentHashSearch()).toBe("size=20");
    expect(localStorage.getItem(`${PAGE_SIZE_STORAGE_KEY}:sims`)).toBe("20");
    expect(server.calls.at(-1)).toMatchObject({ pageSize: 20, pageNum: 1 });
    expect(result.current.rows).toHaveLength(20);
  });

  it("reports a failed load (rows emptied) and polls while asked to", async () => {
    let n = 0;
    const load = vi.fn(async () => {
      n++;
      if (n === 1) throw new Error("boom");
      return { list: [n < 4 ? "running" : "done"], total: 1 };
    });
    const { result } = renderHook(() =>
      useListController({
        screen: "tasks",
        filters: codec,
        paging: "numbered",
        load,
        poll: (rows: readonly string[]) => (rows.includes("running") ? 5 : null),
      }),
    );
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.rows).toEqual([]);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.rows).toEqual(["done"]));
    expect(load).toHaveBeenCalledTimes(4);
    expect(result.current.loading).toBe(false);
  });
});

describe("useListController (cursor)", () => {
  it("asks nothing until ready, then walks forward and back on the cursor stack", async () => {
    const load = vi.fn(async ({ rowKey }: { rowKey: string | undefined }) =>
      rowKey === undefined ? { list: ["a"], nextKey: "k2" } : { list: [rowKey], nextKey: null },
    );
    const { result } = renderHook(() =>
      useListController({ screen: "j", filters: codec, paging: "cursor", ready: (f) => f.name !== "", load }),
    );
    expect(result.current.searched).toBe(false);
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.search({ name: "v", state: "" }));
    await waitFor(() => expect(result.current.rows).toEqual(["a"]));
    expect(result.current.paging).toMatchObject({ kind: "cursor", page: 1, nextKey: "k2", canGoBack: false });
    act(() => result.current.paging.kind === "cursor" && result.current.paging.onNext());
    await waitFor(() => expect(result.current.rows).toEqual(["k2"]));
    expect(result.current.paging).toMatchObject({ page: 2, nextKey: null, canGoBack: true });
    act(() => result.current.paging.kind === "cursor" && result.current.paging.onBack());
    await waitFor(() => expect(result.current.rows).toEqual(["a"]));
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ rowKey: undefined, pageSize: 10 }));
  });
});
