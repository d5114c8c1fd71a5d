import {
  ACTIVATION_RESULT_LABELS,
  type ActivationResultCode,
  encodeActivationAnswer,
  encodeActivationRequest,
} from "@tsp/domain";
import { createRng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import "../baseInfoRest/tables";
import "./documentTables";

const SEED = 19_0071;
const DAY = 24 * 3600 * 1000;
const OPERATOR = "系统管理员";

/**
 * 终端远程激活's demo rows: of each tenant's terminals bound to a machine, most activated (asked,
 * 0x09 received, 0x0A 成功 — the frames written by @tsp/domain's codec), some refused with a
 * reason (a chip id other than the registered one, a malformed key), a few asked and still
 * awaited (激活中), the rest never asked (待激活: no row). Deterministic (own PRNG, `ctx.now`).
 */
export async function seedActivation(ctx: SeedContext): Promise<void> {
  const rng = createRng(SEED);
  const now = ctx.now.getTime();
  const terminals = await ctx.db
    .selectFrom("bss_black_box")
    .select(["tenant_id", "terminal_id", "machinery_pin", "chip_id"])
    .where("machinery_pin", "is not", null)
    .orderBy("tenant_id")
    .orderBy("terminal_id")
    .execute();
  const states: (ActivationResultCode | "activating" | "none")[] = [
    "ok",
    "ok",
    "ok",
    "ok",
    "chipMismatch",
    "activating",
    "none",
    "ok",
    "badKey",
    "none",
  ];
  for (const [i, t] of terminals.entries()) {
    const plan = states[i % states.length] as (typeof states)[number];
    if (plan === "none" || t.machinery_pin === null) continue;
    const asked = now - rng.int(1, 60) * DAY - rng.int(0, 86_399) * 1000;
    const base = { tenant_id: t.tenant_id, terminal_id: t.terminal_id };
    await ctx.db
      .insertInto("nr4_activation_event")
      .values({
        ...base,
        at: asked,
        event: "requested",
        result: null,
        reason: null,
        frame: null,
        create_name: OPERATOR,
      })
      .execute();
    if (plan === "activating") {
      await ctx.db
        .insertInto("nr4_activation")
        .values({ ...base, state: "activating", reason: null, requested_at: asked, update_name: OPERATOR })
        .execute();
      continue;
    }
    const key = `04${Array.from({ length: 64 }, () => rng.int(0, 255).toString(16).padStart(2, "0"))
      .join("")
      .toUpperCase()}`;
    const reported = asked + rng.int(5, 600) * 1000;
    const request = encodeActivationRequest({
      pin: t.machinery_pin,
      at: reported,
      serial: rng.int(1, 500),
      chipId: plan === "chipMismatch" ? `SC${rng.int(0x1000_0000, 0x7fff_ffff).toString(16).toUpperCase()}` : t.chip_id,
      publicKey: plan === "badKey" ? key.slice(0, 66) : key,
      terminalId: t.terminal_id,
    });
    const answer = encodeActivationAnswer({ pin: t.machinery_pin, at: reported + 1000, serial: 1, result: plan });
    if (!request.ok || !answer.ok) throw new Error(`activation seed: cannot encode ${t.terminal_id}`);
    const reason = plan === "ok" ? null : ACTIVATION_RESULT_LABELS[plan];
    await ctx.db
      .insertInto("nr4_activation_event")
      .values([
        {
          ...base,
          at: reported,
          event: "reported",
          result: null,
          reason: null,
          frame: request.value,
          create_name: null,
        },
        {
          ...base,
          at: reported + 1000,
          event: "answered",
          result: plan,
          reason,
          frame: answer.value,
          create_name: null,
        },
      ])
      .execute();
    await ctx.db
      .insertInto("nr4_activation")
      .values({
        ...base,
        state: plan === "ok" ? "active" : "failed",
        reason,
        public_key: plan === "ok" ? key : null,
        requested_at: asked,
        answered_at: reported + 1000,
        update_name: OPERATOR,
      })
      .execute();
  }
}
