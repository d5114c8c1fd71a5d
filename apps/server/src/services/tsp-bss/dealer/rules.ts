import {
  type DealerEdit,
  type DealerField,
  MSG_DEALER_PARENT_CLOSED,
  MSG_DEALER_PARENT_NOT_SALE,
  msgDealerCloseHasOpenSecondary,
  msgDealerKindHasSecondary,
  type OutletProblem,
  type OutletStatus,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants, type Principal } from "../../../platform/principal";
import { areaProblem, brandProblem } from "./outlet";
import "./tables";

/** A selling dealer a secondary one may name: its state decides whether an open child may sit under it. */
export interface ParentFact {
  kind: "sale" | "secondary";
  status: OutletStatus;
}

/** What the register rules read besides the dealer: brand names, and selling dealers of the same import file. */
export interface RegisterFacts {
  brands: ReadonlyMap<number, string>;
  /** Selling dealers accepted earlier in the same file, by code (an import may bring parent and children together). */
  fileParents?: ReadonlyMap<string, ParentFact>;
}

/**
 * The rules that need the register (after @tsp/domain's `checkDealerEdit`): the region is a
 * district, the brands exist, the parent is one of the caller's selling dealers and is open
 * when the child is; and for an existing selling dealer with secondary dealers, it neither
 * becomes secondary nor closes while one of them is open.
 */
export async function dealerRegisterProblems(
  db: Kysely<Database>,
  p: Principal,
  edit: DealerEdit,
  facts: RegisterFacts,
): Promise<OutletProblem<DealerField>[]> {
  const out: OutletProblem<DealerField>[] = [];
  const area = areaProblem(edit.areaId);
  if (area) out.push(area);
  const brand = brandProblem<DealerField>("brandIds", edit.brandIds, facts.brands);
  if (brand) out.push(brand);
  if (edit.parentCode !== null) {
    const parent =
      facts.fileParents?.get(edit.parentCode) ??
      (await db
        .selectFrom("bss_dealer")
        .select(["kind", "status"])
        .where("code", "=", edit.parentCode)
        .where(inTenants("bss_dealer.tenant_id", p))
        .executeTakeFirst());
    if (parent?.kind !== "sale") out.push({ field: "parentCode", msg: MSG_DEALER_PARENT_NOT_SALE });
    else if (parent.status === "closed" && edit.status === "open")
      out.push({ field: "parentCode", msg: MSG_DEALER_PARENT_CLOSED });
  }
  const children = await db
    .selectFrom("bss_dealer")
    .select(["status"])
    .where("parent_code", "=", edit.dealerCode)
    .execute();
  if (children.length > 0 && edit.kind === "secondary")
    out.push({ field: "kind", msg: msgDealerKindHasSecondary(children.length) });
  const open = children.filter((c) => c.status === "open").length;
  if (open > 0 && edit.status === "closed") out.push({ field: "status", msg: msgDealerCloseHasOpenSecondary(open) });
  return out;
}

/** The columns a dealer edit writes. */
export const dealerValues = (e: DealerEdit) => ({
  name: e.dealerName,
  kind: e.kind,
  parent_code: e.parentCode,
  area_id: e.areaId,
  address: e.address,
  lng: e.lng,
  lat: e.lat,
  contact_name: e.contactName,
  contact_phone: e.contactPhone,
  brand_ids: JSON.stringify(e.brandIds),
  status: e.status,
});
