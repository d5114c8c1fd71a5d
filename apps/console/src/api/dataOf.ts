/** The payload of an answer as the generated schema types it (its absence would break the contract). */
export type Payload<R> = R extends { data?: infer E } ? (E extends { data?: infer D } ? NonNullable<D> : never) : never;

/**
 * `data` of a resolved call, typed by the contract (the SDK rejects failing envelopes, so it is
 * the success payload). Every call in `api/<group>.ts` returns it as a type of `./types`, so the
 * compiler proves the two still agree; an answer without data is a broken contract and throws.
 */
export function dataOf<R extends { data?: unknown }>(result: R): Payload<R> {
  const payload = (result.data as { data?: unknown } | undefined)?.data;
  if (payload === undefined || payload === null) throw new Error("the answer carries no data");
  return payload as Payload<R>;
}
