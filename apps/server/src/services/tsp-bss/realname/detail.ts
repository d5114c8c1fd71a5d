import { maskRealnameCertNo, type RealnameState } from "@tsp/domain";
import type { operations } from "@tsp/sdk/generated";
import type { Kysely } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import { type DataOf, defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { signedPhotos } from "./photos";
import "./tables";

/** The review permission (openapi reviewRealname's x-permission; the type keeps the two equal). */
export const REVIEW_PERMISSION: (typeof operations)["reviewRealname"]["permission"] = "/auth/index/review";
export const MSG_REALNAME_CARD_NOT_FOUND = "SIM卡不存在";

export type RealnameDetail = DataOf<"getRealnameDetail">;
const time = (v: number | string | null) => (v === null ? null : Number(v));

/**
 * The card `iccid` of the caller's tenants, locked for the transaction when `lock` (a submit
 * or review decides on its state), with its real-name state: 404 when the caller does not hold it.
 */
export async function cardOf(db: Kysely<Database>, principal: Principal, iccid: string, lock = false) {
  let q = db
    .selectFrom("bss_sim_card as sc")
    .leftJoin("bss_realname as rn", "rn.iccid", "sc.iccid")
    .select(["sc.iccid", "sc.tenant_id", "rn.status", "rn.submit_by"])
    .where("sc.iccid", "=", iccid)
    .where(inTenants("sc.tenant_id", principal));
  if (lock) q = q.forUpdate("sc");
  const card = await q.executeTakeFirst();
  if (!card) throw notFound(MSG_REALNAME_CARD_NOT_FOUND);
  return {
    iccid: card.iccid,
    tenantId: card.tenant_id,
    state: (card.status ?? "unauthenticated") as RealnameState,
    submitBy: card.submit_by ?? null,
  };
}

/**
 * A card's real-name record as the detail dialog shows it: the material (an individual's ID
 * masked unless the caller reviews), the photos as short-lived signed links, who submitted
 * and reviewed, and the history newest first. No record: 未认证 with empty fields.
 */
export async function readRealname(
  ctx: Pick<AppContext, "db" | "secrets" | "now">,
  principal: Principal,
  iccid: string,
): Promise<RealnameDetail> {
  const card = await ctx.db
    .selectFrom("bss_sim_card as sc")
    .leftJoin("bss_realname as rn", "rn.iccid", "sc.iccid")
    .select(["sc.iccid", "sc.vin", "sc.msisdn"])
    .select([
      "rn.status",
      "rn.owner_type",
      "rn.owner_name",
      "rn.cert_no",
      "rn.contact_phone",
      "rn.photos",
      "rn.submit_name",
      "rn.submit_time",
      "rn.review_name",
      "rn.review_time",
      "rn.reject_reason",
    ])
    .where("sc.iccid", "=", iccid)
    .where(inTenants("sc.tenant_id", principal))
    .executeTakeFirst();
  if (!card) throw notFound(MSG_REALNAME_CARD_NOT_FOUND);
  const events = await ctx.db
    .selectFrom("bss_realname_event")
    .select(["action", "operator", "operator_name", "time", "reason"])
    .where("iccid", "=", iccid)
    .orderBy("id", "desc")
    .execute();
  const reviewer = principal.permissions.has(REVIEW_PERMISSION);
  const certNo =
    card.cert_no && card.owner_type && !reviewer ? maskRealnameCertNo(card.cert_no, card.owner_type) : card.cert_no;
  return {
    iccid: card.iccid,
    vin: card.vin,
    msisdn: card.msisdn,
    status: card.status ?? "unauthenticated",
    ownerType: card.owner_type ?? null,
    ownerName: card.owner_name ?? null,
    certNo: certNo ?? null,
    contactPhone: card.contact_phone ?? null,
    ...signedPhotos(ctx, card.photos ?? []),
    submitName: card.submit_name ?? null,
    submitTime: time(card.submit_time ?? null),
    reviewName: card.review_name ?? null,
    reviewTime: time(card.review_time ?? null),
    rejectReason: card.reject_reason ?? null,
    history: events.map((e) => ({
      action: e.action,
      operator: e.operator,
      operatorName: e.operator_name,
      time: Number(e.time),
      reason: e.reason,
    })),
  };
}

/** getRealnameDetail: one card's real-name record (a card the caller does not hold: 404). */
export const getRealnameDetail = defineHandler<"getRealnameDetail">(async ({ query, principal }, ctx) =>
  readRealname(ctx, must(principal), query.iccid),
);
