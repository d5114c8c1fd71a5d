import { MSG_ABILITY_COPY_SELF, MSG_ABILITY_STALE } from "@tsp/domain";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { mustEditCatalogue } from "../vehicleModel/platformTenant";
import { MSG_MODEL_NOT_FOUND } from "../vehicleModel/queries";
import { readAbility, serviceCatalogue, servicesOf } from "./queries";
import { checkedServices, lockedTargets, writeServices } from "./save";

/**
 * updateModelAbility: replaces a model's service list (the checklist) under optimistic
 * concurrency: 404, 409 on a version other than the one read, 400 with the domain's reasons
 * (`checkModelAbilities`: catalogue codes, what the drivetrain allows). A refusal changes nothing.
 */
export const updateModelAbility = defineHandler<"updateModelAbility">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  await mustEditCatalogue(ctx.db, p);
  const actor = await actorOf(p, ctx);
  const catalogue = new Set((await serviceCatalogue(ctx.db, p)).keys());
  const nowMs = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const [target] = await lockedTargets(trx, [body.modelId]);
    if (!target) throw notFound(MSG_MODEL_NOT_FOUND);
    if (Number(target.ability_updated_at) !== body.updatedAt) throw conflict(MSG_ABILITY_STALE);
    await writeServices(trx, target, checkedServices(body.services, target, catalogue), actor, nowMs);
  });
  return ok(await readAbility(ctx.db, body.modelId, true), "保存成功");
});

/**
 * copyModelAbility: gives the targets the source's list. All or nothing: every target is
 * checked with its own drivetrain first (a fuel model cannot take GB/T 32960 reporting), and a
 * refusal names the model; only then are the lists written, in one transaction.
 */
export const copyModelAbility = defineHandler<"copyModelAbility">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  await mustEditCatalogue(ctx.db, p);
  const targets = [...new Set(body.toModelIds)];
  if (targets.includes(body.fromModelId))
    throw badRequest(MSG_ABILITY_COPY_SELF, [{ field: "toModelIds", msg: MSG_ABILITY_COPY_SELF }]);
  const actor = await actorOf(p, ctx);
  const catalogue = new Set((await serviceCatalogue(ctx.db, p)).keys());
  const nowMs = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const source = await trx.selectFrom("bss_model").select("id").where("id", "=", body.fromModelId).executeTakeFirst();
    if (!source) throw notFound(MSG_MODEL_NOT_FOUND);
    const services = (await servicesOf(trx, [body.fromModelId])).get(body.fromModelId) ?? [];
    const locked = await lockedTargets(trx, targets);
    if (locked.length !== targets.length) throw notFound(MSG_MODEL_NOT_FOUND);
    const checked = locked.map((t) => ({ t, list: checkedServices(services, t, catalogue, true) }));
    for (const { t, list } of checked) await writeServices(trx, t, list, actor, nowMs);
  });
  return ok({ copied: targets.length }, "复制成功");
});
