import { expect } from "vitest";
import { type Answer, call } from "./support/contract";

/**
 * Records which operations a contract file called with good input (2xx) and with bad input
 * (4xx), so the file can prove it exercised every operation it owns both ways.
 */
export class CallLedger {
  private readonly good = new Set<string>();
  private readonly bad = new Set<string>();

  constructor(private readonly base: () => string) {}

  /** Calls through the contract checker (answer validated against openapi/) and records the outcome. */
  async call(operationId: string, init: Parameters<typeof call>[2] = {}): Promise<{ status: number; body: Answer }> {
    const res = await call(this.base(), operationId, init);
    this.record(operationId, res.status);
    return res;
  }

  /** Records a call made another way (multipart, files). */
  record(operationId: string, status: number): void {
    if (status >= 200 && status < 300) this.good.add(operationId);
    if (status >= 400 && status < 500) this.bad.add(operationId);
  }

  /** Fails unless every listed operation was called once with good and once with bad input. */
  expectCovered(operationIds: readonly string[]): void {
    expect(operationIds.filter((id) => !this.good.has(id))).toEqual([]);
    expect(operationIds.filter((id) => !this.bad.has(id))).toEqual([]);
  }
}
