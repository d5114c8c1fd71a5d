import { COMMAND, ENCRYPTION, type Gbt32960Frame, RESPONSE_COMMAND } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { activationFrame, keySyncFrame } from "../services/tsp-bss/notRoadFour/activationFrames";
import { answerFrame, FLAG } from "./answers";
import type { FrameStatus } from "./tables";

/**
 * 终端远程激活 through the gateway (HJ 1322 / GB/T 32960-2025): a supervision terminal's 0x09 激活
 * and 0x0B 密钥同步 on its GB/T 32960 connection go to the activation slice
 * (`services/tsp-bss/notRoadFour/activationFrames.ts`, the same judgement and history as the
 * hand-off `reportTerminalActivation`), and its answer — 0x0A, or 0x0B with a response flag — is
 * written back on the same connection after the frame is journaled.
 *
 * Decisions: only 2025-edition (`$$`) requests are routed (2016 has no such commands: journaled as
 * `unsupported`). The VIN field is the machine's PIN, in no vehicle table, so the unknown-VIN rule
 * does not apply; the terminal id in the body names the terminal in every tenant's 监管终端管理
 * (the one bound to that PIN first). An encrypted data unit (no keys held) is answered 0x07 解密失败;
 * a data unit that does not read as the designed body is answered 0x06 结构错误 — both with the
 * request's command, the standard's answer scheme — and journaled `encrypted` / `bad-body` with the
 * reason; a terminal in no tenant is answered 未登记 (04 / 06) and journaled with that reason. A
 * failure of the slice (the database) leaves the frame unanswered, as every other frame.
 */
export function isActivationFrame(f: Gbt32960Frame): boolean {
  return (
    f.edition === 2025 &&
    f.responseFlag === RESPONSE_COMMAND &&
    (f.command === COMMAND.activation || f.command === COMMAND.keySync)
  );
}

export interface ActivationHandled {
  readonly status: FrameStatus;
  readonly reason: string | null;
  readonly answer: Uint8Array;
}

const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

export async function handleActivationFrame(
  db: Kysely<Database>,
  f: Gbt32960Frame,
  rawHex: string,
  now: number,
): Promise<ActivationHandled> {
  const request = bytesOf(rawHex);
  if (f.encryption !== ENCRYPTION.none)
    return {
      status: "encrypted",
      reason: "数据单元已加密，网关未持有密钥",
      answer: answerFrame(request, FLAG.decryption2025, now),
    };
  const serve = f.command === COMMAND.activation ? activationFrame : keySyncFrame;
  const done = await serve(db, rawHex, now, "all");
  if (done.kind === "bad")
    return { status: "bad-body", reason: done.error.message, answer: answerFrame(request, FLAG.structure2025, now) };
  const reason = done.kind === "unknown" ? `终端“${done.terminalId}”未在任何租户的监管终端管理中登记` : done.reason;
  return { status: "ok", reason, answer: bytesOf(done.answer) };
}
