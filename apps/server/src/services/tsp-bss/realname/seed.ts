import { isMainlandIdCard, REALNAME_PHOTOS_OF, type RealnameState } from "@tsp/domain";
import type { Insertable } from "kysely";
import type { Rng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { creditCode } from "../seed/identifiers";
import { COMPANIES, DAY, person } from "../seed/people";
import type { RealnameTable } from "../tables";
import { samplePhotoKey } from "./samplePhotos";
import type { RealnameEventTable } from "./tables";

/**
 * States in turn over each tenant's bound cards (every state shows up even in a small demo
 * set): most authenticated, some under review (one of them resubmitted after a rejection),
 * some rejected with a reason, some never started.
 */
const CYCLE: readonly RealnameState[] = [
  "approved",
  "pending",
  "rejected",
  "unauthenticated",
  "approved",
  "pending",
  "unauthenticated",
  "approved",
  "rejected",
  "approved",
];
const REASONS = [
  "身份证人像面模糊，请重新拍摄",
  "手持身份证照片中证件号码不清晰",
  "营业执照已过期，请上传最新营业执照",
  "姓名与身份证不一致",
];
const REGIONS = ["110101", "310104", "440305", "330106", "510107", "420106"];
const SUBMITTER = { by: "operator", name: "运营专员" };
const REVIEWER = { by: "admin", name: "系统管理员" };

/** A resident ID number (GB 11643) born between 1965 and 2000, with its check character. */
function idCardNo(rng: Rng): string {
  const birth = new Date(Date.UTC(1965, 0, 1) + rng.int(0, 35 * 365) * DAY)
    .toISOString()
    .slice(0, 10)
    .replaceAll("-", "");
  const body = `${rng.pick(REGIONS)}${birth}${String(rng.int(0, 999)).padStart(3, "0")}`;
  return [..."0123456789X"].map((c) => body + c).find(isMainlandIdCard) as string;
}

/**
 * Rewrites tsp-bss's real-name states as whole records: material (an individual with an ID
 * card and three photos, or a company with its credit code and licence), a contact, who
 * submitted (the operator) and reviewed (the administrator), rejection reasons, and the
 * history behind each state. Runs after every other module; only `rng` and `ctx.now` vary it.
 */
export async function seedRealname(ctx: SeedContext, rng: Rng): Promise<void> {
  const now = ctx.now.getTime();
  const cards = await ctx.db
    .selectFrom("bss_sim_card")
    .select(["iccid", "tenant_id"])
    .where("vin", "is not", null)
    .orderBy("tenant_id")
    .orderBy("iccid")
    .execute();
  await ctx.db.deleteFrom("bss_realname").execute();
  const records: Insertable<RealnameTable>[] = [];
  const events: Insertable<RealnameEventTable>[] = [];
  const seen = new Map<number, number>();
  for (const card of cards) {
    const index = seen.get(card.tenant_id) ?? 0;
    seen.set(card.tenant_id, index + 1);
    const state = CYCLE[index % CYCLE.length] as RealnameState;
    if (state === "unauthenticated") continue;
    const company = rng.next() < 0.3;
    const ownerType = company ? "company" : "person";
    const submitted = now - rng.int(3, 200) * DAY - rng.int(0, 86_399) * 1000;
    const reviewed = submitted + rng.int(1, 48) * 3600 * 1000;
    const event = (action: RealnameEventTable["action"], time: number, reason: string | null = null) =>
      events.push({
        iccid: card.iccid,
        tenant_id: card.tenant_id,
        action,
        ...(action === "submit"
          ? { operator: SUBMITTER.by, operator_name: SUBMITTER.name }
          : { operator: REVIEWER.by, operator_name: REVIEWER.name }),
        time,
        reason,
      });
    // Every other pending card was rejected once and submitted again.
    const resubmitted = state === "pending" && index % 2 === 1;
    const reason = state === "rejected" || resubmitted ? rng.pick(REASONS) : null;
    event("submit", submitted);
    if (resubmitted) {
      event("reject", reviewed, reason);
      event("submit", reviewed + DAY);
    } else if (state !== "pending") event(state === "approved" ? "approve" : "reject", reviewed, reason);
    const lastSubmit = resubmitted ? reviewed + DAY : submitted;
    const done = state === "approved" || state === "rejected";
    records.push({
      iccid: card.iccid,
      tenant_id: card.tenant_id,
      owner_type: ownerType,
      owner_name: company ? rng.pick(COMPANIES) : person(rng),
      cert_no: company ? creditCode(rng, rng.pick(REGIONS)) : idCardNo(rng),
      contact_phone: `13${rng.int(0, 9)}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`,
      photos: JSON.stringify(REALNAME_PHOTOS_OF[ownerType].map((kind) => ({ kind, objectKey: samplePhotoKey(kind) }))),
      status: state,
      auth_time: done ? reviewed : lastSubmit,
      submit_by: SUBMITTER.by,
      submit_name: SUBMITTER.name,
      submit_time: lastSubmit,
      review_by: done ? REVIEWER.by : null,
      review_name: done ? REVIEWER.name : null,
      review_time: done ? reviewed : null,
      reject_reason: state === "rejected" ? reason : null,
    });
  }
  for (let i = 0; i < records.length; i += 500)
    await ctx.db
      .insertInto("bss_realname")
      .values(records.slice(i, i + 500))
      .execute();
  for (let i = 0; i < events.length; i += 500)
    await ctx.db
      .insertInto("bss_realname_event")
      .values(events.slice(i, i + 500))
      .execute();
}
