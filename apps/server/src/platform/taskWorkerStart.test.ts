import { describe, expect, it } from "vitest";
import type { AppContext } from "../context";
import { TaskWorker } from "./taskWorker";

/** A queue in memory; its drain runs every queued task. */
class ListWorker extends TaskWorker {
  readonly queue: string[] = [];
  readonly done: string[] = [];

  constructor() {
    super("ListWorker");
  }

  start(ctx: AppContext): void {
    this.ctx = ctx;
    this.kick();
  }

  submit(task: string): void {
    this.queue.push(task);
    this.kick();
  }

  /** What a subclass's handlers call to reach the database and the object store. */
  contextNow(): AppContext {
    return this.context();
  }

  protected async drain(): Promise<void> {
    for (let task = this.queue.shift(); task !== undefined && !this.stopped; task = this.queue.shift()) {
      await Promise.resolve();
      this.done.push(task);
    }
  }
}

// Found by mutation testing: the worker's life before start had no test.
describe("TaskWorker before start", () => {
  it("keeps tasks queued until start, then runs them", async () => {
    const worker = new ListWorker();
    worker.submit("early");
    await worker.idle();
    expect(worker.done).toEqual([]);
    worker.start({} as AppContext);
    await worker.idle();
    expect(worker.done).toEqual(["early"]);
  });

  it("names the queue whose start was not called, and hands out the context after it", () => {
    const worker = new ListWorker();
    expect(() => worker.contextNow()).toThrow(new Error("ListWorker.start was not called"));
    const ctx = {} as AppContext;
    worker.start(ctx);
    expect(worker.contextNow()).toBe(ctx);
  });
});
