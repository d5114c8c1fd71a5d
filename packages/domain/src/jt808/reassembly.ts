import { ok, type Result } from "../shared/result";
import { concat } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";
import type { Jt808Frame, Jt808Header } from "./frame";

/** A message whose sub-packages are still arriving. */
export interface Jt808PendingMessage {
  /** The header of the whole message: the first package's serial, no `package`. */
  readonly header: Jt808Header;
  readonly total: number;
  /** Bodies by package index − 1; `undefined` where a package has not arrived. */
  readonly parts: readonly (Uint8Array | undefined)[];
  /** When the first package of it arrived (epoch ms, given by the caller). */
  readonly firstSeenAt: number;
}

/**
 * What the reassembler remembers, passed in and returned (the domain keeps no state): pending
 * messages by {@link jt808FragmentKey}. Start with `new Map()`.
 */
export type Jt808ReassemblyState = ReadonlyMap<string, Jt808PendingMessage>;

/**
 * The key of a sub-packaged message: phone, message id and the serial of its first package.
 * Packages of one message carry consecutive serials (JT/T 808 §4.4.3), so package `index` with
 * serial `s` belongs to the message whose first serial is `s − index + 1` (modulo 65536).
 */
export function jt808FragmentKey(header: Jt808Header): string {
  const index = header.package?.index ?? 1;
  const firstSerial = (header.serial - index + 1 + 0x10000) % 0x10000;
  return `${header.phone}:${header.messageId}:${firstSerial}`;
}

/**
 * Adds one frame. A frame that is not a sub-package is complete at once. A package fills its
 * place (a repeated package replaces the earlier copy, as terminals re-send on 0x8003); when
 * every place is filled the bodies are joined in order and the message leaves the state. A
 * package whose total differs from the message's first package is an error and changes nothing.
 */
export function addJt808Fragment(
  state: Jt808ReassemblyState,
  frame: Jt808Frame,
  now: number,
): Result<{ readonly state: Jt808ReassemblyState; readonly message?: Jt808Frame }, Jt808Error> {
  const pkg = frame.header.package;
  if (pkg === undefined) return ok({ state, message: frame });
  const key = jt808FragmentKey(frame.header);
  const { package: _dropped, ...rest } = frame.header;
  const pending: Jt808PendingMessage = state.get(key) ?? {
    header: { ...rest, serial: (frame.header.serial - pkg.index + 1 + 0x10000) % 0x10000 },
    total: pkg.total,
    parts: Array.from({ length: pkg.total }, () => undefined),
    firstSeenAt: now,
  };
  if (pending.total !== pkg.total) {
    return jt808Error("bad-package", `分包总数不一致：先到的包为${pending.total}包，本包为${pkg.total}包`);
  }
  const parts = pending.parts.slice();
  parts[pkg.index - 1] = frame.body;
  const next = new Map(state);
  if (parts.every((p) => p !== undefined)) {
    next.delete(key);
    return ok({ state: next, message: { header: pending.header, body: concat(parts as Uint8Array[]) } });
  }
  next.set(key, { ...pending, parts });
  return ok({ state: next });
}

/**
 * Drops messages whose first package arrived before `before` and says which packages each
 * lacked (1-based), so the gateway can ask for them (0x8003) or record the loss.
 */
export function expireJt808Fragments(
  state: Jt808ReassemblyState,
  before: number,
): {
  readonly state: Jt808ReassemblyState;
  readonly expired: readonly { readonly header: Jt808Header; readonly missing: readonly number[] }[];
} {
  const next = new Map(state);
  const expired: { header: Jt808Header; missing: number[] }[] = [];
  for (const [key, pending] of state) {
    if (pending.firstSeenAt >= before) continue;
    next.delete(key);
    const missing = pending.parts.flatMap((p, i) => (p === undefined ? [i + 1] : []));
    expired.push({ header: pending.header, missing });
  }
  return { state: next, expired };
}
