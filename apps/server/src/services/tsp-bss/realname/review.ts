import { checkRealnameReview, realnameReviewRefusal, realnameSelfReviewRefusal, realnameStateAfter } from "@tsp/domain";
import { badRequest, conflict, forbidden, ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { cardOf, readRealname } from "./detail";

/**
 * reviewRealname: 通过 or 驳回 (with its reason) of a card under review, by an account holding
 * the review permission (the router checked it). In one transaction with the card locked:
 * the decision's rules (400), the card held by the caller (404), its state (409 unless under
 * review), not the submitter's own material (403); then the state, the reviewer and the
 * reason, and a history event.
 */
export const reviewRealname = defineHandler<"reviewRealname">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const checked = checkRealnameReview(body);
  if (!checked.ok) throw badRequest(checked.error[0]?.msg ?? "", checked.error);
  const review = checked.value;
  const actor = await actorOf(p, ctx);
  const now = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const card = await cardOf(trx, p, review.iccid, true);
    const refusal = realnameReviewRefusal(card.state);
    if (refusal) throw conflict(refusal);
    // Four-eyes: the review permission does not let anyone approve their own material.
    const own = realnameSelfReviewRefusal(card.submitBy, p.username);
    if (own) throw forbidden(own);
    await trx
      .updateTable("bss_realname")
      .set({
        status: realnameStateAfter(review.decision),
        auth_time: now,
        review_by: actor.updateBy,
        review_name: actor.updateName,
        review_time: now,
        reject_reason: review.reason,
      })
      .where("iccid", "=", card.iccid)
      .execute();
    await trx
      .insertInto("bss_realname_event")
      .values({
        iccid: card.iccid,
        tenant_id: card.tenantId,
        action: review.decision,
        operator: actor.updateBy,
        operator_name: actor.updateName,
        time: now,
        reason: review.reason,
      })
      .execute();
  });
  return ok(await readRealname(ctx, p, review.iccid), review.decision === "approve" ? "已通过审核" : "已驳回");
});
