import { expect } from "vitest";
import { type Called, type CallInit, call, operation } from "./support/contract";

/**
 * Records which operations a contract file called with good input (2xx, or the sign-in
 * form's 302) and with bad input (4xx), so the file can prove it exercised every operation
 * it owns both ways (`support/owners.ts` says which file owns which operation).
 */
export class CallLedger {
  private readonly good = new Set<string>();
  private readonly bad = new Set<string>();

  constructor(private readonly base: () => string) {}

  /** Calls through the contract checker (answer validated against openapi/) and records the outcome. */
  async call(operationId: string, init: CallInit = {}): Promise<Called> {
    const res = await call(this.base(), operationId, init);
    this.record(operationId, res.status);
    return res;
  }

  /** Records a call made another way (an SDK helper: upload, download, token exchange). */
  record(operationId: string, status: number): void {
    // A 3xx is the documented success of the sign-in form (302 back to the client with a code).
    if (status >= 200 && status < 400) this.good.add(operationId);
    if (status >= 400 && status < 500) this.bad.add(operationId);
  }

  /**
   * Fails unless every listed operation was called once with good and once with bad input.
   * An operation that takes no input at all (no parameter, no body, no token: getPubKey) has
   * no bad input to send, so only its good call is required.
   */
  expectCovered(operationIds: readonly string[]): void {
    expect(operationIds.filter((id) => !this.good.has(id))).toEqual([]);
    expect(operationIds.filter((id) => takesInput(id) && !this.bad.has(id))).toEqual([]);
  }
}

function takesInput(operationId: string): boolean {
  const op = operation(operationId);
  return op.parameters.length > 0 || op.requestBody !== undefined || op.requiresAuth;
}
