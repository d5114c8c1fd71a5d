import { checkRealnameSubmit, realnameSubmitRefusal } from "@tsp/domain";
import { badRequest, conflict, ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { cardOf, readRealname } from "./detail";
import { checkPhotosStored } from "./photos";

/**
 * submitRealname: puts a card's material under review. In one transaction with the card
 * locked: @tsp/domain's rules (400 by field), the card held by the caller (404), its state
 * (409 under review or authenticated), every photo a private image in the store (400); then
 * the record is replaced (a rejected card's old material and reason go; the history keeps the
 * rejection) and a submit event is added. A refused submission changes nothing.
 */
export const submitRealname = defineHandler<"submitRealname">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const checked = checkRealnameSubmit(body);
  if (!checked.ok) throw badRequest(checked.error[0]?.msg ?? "", checked.error);
  const material = checked.value;
  const actor = await actorOf(p, ctx);
  const now = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const card = await cardOf(trx, p, material.iccid, true);
    const refusal = realnameSubmitRefusal(card.state);
    if (refusal) throw conflict(refusal);
    await checkPhotosStored({ db: trx }, material.photos);
    const row = {
      tenant_id: card.tenantId,
      owner_type: material.ownerType,
      owner_name: material.ownerName,
      cert_no: material.certNo,
      contact_phone: material.contactPhone,
      photos: JSON.stringify(material.photos.map(({ kind, objectKey }) => ({ kind, objectKey }))),
      status: "pending" as const,
      auth_time: now,
      submit_by: actor.updateBy,
      submit_name: actor.updateName,
      submit_time: now,
      review_by: null,
      review_name: null,
      review_time: null,
      reject_reason: null,
    };
    await trx
      .insertInto("bss_realname")
      .values({ iccid: card.iccid, ...row })
      .onConflict((oc) => oc.column("iccid").doUpdateSet(row))
      .execute();
    await trx
      .insertInto("bss_realname_event")
      .values({
        iccid: card.iccid,
        tenant_id: card.tenantId,
        action: "submit",
        operator: actor.updateBy,
        operator_name: actor.updateName,
        time: now,
        reason: null,
      })
      .execute();
  });
  return ok(await readRealname(ctx, p, material.iccid), "提交成功，等待审核");
});
