import {
  type LeaseContractEdit,
  type LeaseProblem,
  type LeaseTerm,
  MSG_LEASE_EXISTS,
  MSG_LEASE_ORG_DISABLED,
  MSG_LEASE_ORG_UNKNOWN,
  MSG_LEASE_VEHICLE_UNKNOWN,
  msgLeaseOverlap,
  overlappingLease,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants, type Principal } from "../../../platform/principal";
import "../registers/tables";
import "./tables";

/** What the contract rules read of the registers, for one contract or a whole import file. */
export interface LeaseFacts {
  /** Organisation code or name → code and whether it is in cooperation (the caller's organisations). */
  orgOf: Map<string, { code: string; active: boolean }>;
  /** The caller's vehicles among the VINs asked, with their tenant. */
  vehicles: Map<string, number>;
  /** Contracts of those vehicles (every tenant: a vehicle has one lessee at a time), by VIN. */
  termsOf: Map<string, LeaseTerm[]>;
  /** Contract numbers the caller's tenants already use. */
  taken: Set<string>;
}

export async function loadLeaseFacts(
  db: Kysely<Database>,
  p: Pick<Principal, "tenantIds">,
  vins: readonly string[],
  numbers: readonly string[],
): Promise<LeaseFacts> {
  const orgs = await db
    .selectFrom("bss_lease_org")
    .select(["code", "name", "status"])
    .where(inTenants("bss_lease_org.tenant_id", p))
    .orderBy("code")
    .execute();
  const facts: LeaseFacts = { orgOf: new Map(), vehicles: new Map(), termsOf: new Map(), taken: new Set() };
  for (const o of orgs) {
    const org = { code: o.code, active: o.status === "active" };
    facts.orgOf.set(o.code, org);
    if (!facts.orgOf.has(o.name)) facts.orgOf.set(o.name, org);
  }
  for (let i = 0; i < vins.length; i += 500) {
    const part = vins.slice(i, i + 500);
    for (const v of await db
      .selectFrom("vehicle")
      .select(["vin", "tenant_id"])
      .where("vin", "in", part)
      .where(inTenants("vehicle.tenant_id", p))
      .execute())
      facts.vehicles.set(v.vin, v.tenant_id);
    for (const c of await db
      .selectFrom("bss_lease_contract")
      .select(["vin", "contract_no", "start_date", "end_date", "return_date", "renewed_to"])
      .where("vin", "in", part)
      .execute()) {
      const list = facts.termsOf.get(c.vin) ?? [];
      list.push({
        contractNo: c.contract_no,
        startDate: c.start_date,
        endDate: c.end_date,
        returnDate: c.return_date,
        renewedTo: c.renewed_to,
      });
      facts.termsOf.set(c.vin, list);
    }
  }
  for (let i = 0; i < numbers.length; i += 500) {
    for (const c of await db
      .selectFrom("bss_lease_contract")
      .select("contract_no")
      .where("contract_no", "in", numbers.slice(i, i + 500))
      .where(inTenants("bss_lease_contract.tenant_id", p))
      .execute())
      facts.taken.add(c.contract_no);
  }
  return facts;
}

/** A problem of the registers, with the status it answers when it is the first (404 unknown vehicle, 409 taken / overlapping). */
export interface LeaseFactProblem extends LeaseProblem {
  status: 400 | 404 | 409;
}

/**
 * The register rules of a contract: the caller's vehicle, a known organisation in cooperation
 * (an edit may keep an organisation retired since), a free number (new contracts), no other
 * contract of the vehicle meeting the term.
 */
export function leaseFactProblems(
  e: LeaseContractEdit,
  facts: LeaseFacts,
  opts: { isNew: boolean; keptOrg?: string },
): LeaseFactProblem[] {
  const out: LeaseFactProblem[] = [];
  if (opts.isNew && facts.taken.has(e.contractNo))
    out.push({ field: "contractNo", msg: MSG_LEASE_EXISTS, status: 409 });
  if (!facts.vehicles.has(e.vin)) out.push({ field: "vin", msg: MSG_LEASE_VEHICLE_UNKNOWN, status: 404 });
  const org = facts.orgOf.get(e.leaseOrgCode);
  if (!org) out.push({ field: "leaseOrgCode", msg: MSG_LEASE_ORG_UNKNOWN, status: 400 });
  else if (!org.active && opts.keptOrg !== org.code)
    out.push({ field: "leaseOrgCode", msg: MSG_LEASE_ORG_DISABLED, status: 400 });
  if (facts.vehicles.has(e.vin)) {
    const other = overlappingLease(e, facts.termsOf.get(e.vin) ?? []);
    if (other !== null) out.push({ field: "startDate", msg: msgLeaseOverlap(other), status: 409 });
  }
  return out;
}
