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
  /** A kick arrived while a drain ran: the drain may already have looked and found nothing. */
  private kickedAgain = false;

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

  /**
   * Starts a drain unless the worker stopped or start was not called. When one runs, it is
   * drained again after it ends: the running drain may already have claimed nothing and be on
   * its way out (purging expired files), and would leave the new task queued until the next
   * kick — a lost wake-up that left an export `queued` after `idle()` in a fresh-clone run.
   */
  protected kick(): void {
    if (this.stopped || !this.ctx) return;
    if (this.running) {
      this.kickedAgain = true;
      return;
    }
    this.kickedAgain = false;
    // `idle()` awaits `running` in a loop, so the follow-up drain set here is awaited too.
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.kickedAgain) this.kick();
    });
  }

  protected abstract drain(): Promise<void>;
}
