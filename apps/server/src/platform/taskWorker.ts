import type { AppContext } from "../context";

/**
 * The in-process worker under the export and import queues: one drain of the queue table at a
 * time (2-core machines; a task is I/O and CPU heavy), started by `kick()` whenever work may
 * have arrived, stopped by `stop()` after the current task. Subclasses bind `ctx` in their
 * `start` and implement `drain`, which claims and runs tasks until none is left or
 * `stopped` is set.
 */
export abstract class TaskWorker {
  protected stopped = false;
  protected ctx: AppContext | null = null;
  private running: Promise<void> | null = null;

  /** @param name the queue's class name, for the error of a queue used before `start`. */
  protected constructor(private readonly name: string) {}

  /** Resolves when the worker has nothing left to do (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops taking new tasks and waits for the current one. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  protected context(): AppContext {
    if (!this.ctx) throw new Error(`${this.name}.start was not called`);
    return this.ctx;
  }

  /** Starts a drain unless one runs (it will see the new task), the worker stopped, or start was not called. */
  protected kick(): void {
    if (this.running || this.stopped || !this.ctx) return;
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  protected abstract drain(): Promise<void>;
}
