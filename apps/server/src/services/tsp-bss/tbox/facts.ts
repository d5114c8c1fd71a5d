import {
  MSG_TBOX_ICCID_UNKNOWN,
  MSG_TBOX_IMEI_TAKEN,
  msgTboxCardUnusable,
  msgTboxIccidOtherVehicle,
  msgTboxIccidTaken,
  SIM_STATUS_LABELS,
  type SimStatus,
  type TboxEdit,
  type TboxProblem,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants, type Principal } from "../../../platform/principal";
import "../simCard/tables";
import "../tables";
import "./tables";

export const MSG_TBOX_MODEL_UNKNOWN = "终端型号不存在，请从终端型号列表中选择";
export const MSG_TBOX_PROVIDER_UNKNOWN = "供应商不存在，请从供应商列表中选择";

/** A card of the SIM register as the T-BOX rules read it. */
interface Card {
  iccid: string;
  vin: string | null;
  status: SimStatus;
  tenant_id: number;
}

/**
 * What the register's rules read of the database for a set of terminals (one edit or a whole
 * import file), fetched in a few batched queries: catalogue codes, the cards named, and which
 * terminals already hold those cards and IMEIs.
 */
export interface TboxFacts {
  models: Set<string>;
  providers: Set<string>;
  /** Code or name → code (an import cell may hold either). */
  modelOf: Map<string, string>;
  providerOf: Map<string, string>;
  cards: Map<string, Card>;
  /** ICCID → serial of the terminal holding it. */
  cardHolders: Map<string, string>;
  /** IMEI → serial of the terminal with it. */
  imeiHolders: Map<string, string>;
}

const chunks = <T>(xs: readonly T[], n = 500) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** Code or name → code of a list (an import cell may hold either). */
const lookup = (rows: { code: string; name: string }[]) =>
  new Map(rows.flatMap((r) => [[r.name, r.code] as const, [r.code, r.code] as const]));

export async function loadFacts(
  db: Kysely<Database>,
  p: Pick<Principal, "tenantIds">,
  iccids: readonly string[],
  imeis: readonly string[],
): Promise<TboxFacts> {
  const models = await db
    .selectFrom("bss_option")
    .select(["code", "name"])
    .where("kind", "=", "TboxInfo")
    .where((eb) => eb.or([eb("tenant_id", "is", null), inTenants("bss_option.tenant_id", p)]))
    .execute();
  const providers = await db.selectFrom("bss_provider").select(["code", "name"]).execute();
  const facts: TboxFacts = {
    models: new Set(models.map((m) => m.code)),
    providers: new Set(providers.map((m) => m.code)),
    modelOf: lookup(models),
    providerOf: lookup(providers),
    cards: new Map(),
    cardHolders: new Map(),
    imeiHolders: new Map(),
  };
  for (const part of chunks(iccids)) {
    for (const c of await db
      .selectFrom("bss_sim_card")
      .select(["iccid", "vin", "status", "tenant_id"])
      .where("iccid", "in", part)
      .execute())
      facts.cards.set(c.iccid, c);
    for (const t of await db.selectFrom("bss_tbox").select(["sn", "iccid"]).where("iccid", "in", part).execute())
      if (t.iccid) facts.cardHolders.set(t.iccid, t.sn);
  }
  for (const part of chunks(imeis))
    for (const t of await db.selectFrom("bss_tbox").select(["sn", "imei"]).where("imei", "in", part).execute())
      if (t.imei) facts.imeiHolders.set(t.imei, t.sn);
  return facts;
}

/**
 * The rules that need the registers: the model and provider come from their lists; the IMEI
 * is no other terminal's; the card is one of the tenant's SIM cards, in no other terminal,
 * bound to no other vehicle, and — while the terminal is on a vehicle — neither in stock nor
 * cancelled (the SIM register's own rule for a bound card, simCardRuleProblems).
 */
export function factProblems(
  e: TboxEdit,
  facts: TboxFacts,
  p: Pick<Principal, "tenantIds">,
  boundVin: string | null,
): TboxProblem[] {
  const out: TboxProblem[] = [];
  if (!facts.models.has(e.model)) out.push({ field: "model", msg: MSG_TBOX_MODEL_UNKNOWN });
  if (!facts.providers.has(e.provider)) out.push({ field: "provider", msg: MSG_TBOX_PROVIDER_UNKNOWN });
  if (e.imei !== null) {
    const holder = facts.imeiHolders.get(e.imei);
    if (holder !== undefined && holder !== e.sn) out.push({ field: "imei", msg: MSG_TBOX_IMEI_TAKEN });
  }
  if (e.iccid !== null) {
    const msg = cardProblem(e.iccid, e.sn, facts, p, boundVin);
    if (msg !== null) out.push({ field: "iccid", msg });
  }
  return out;
}

/** Why the card cannot sit in terminal `sn` (on vehicle `boundVin`, if any), or null. */
export function cardProblem(
  iccid: string,
  sn: string,
  facts: TboxFacts,
  p: Pick<Principal, "tenantIds">,
  boundVin: string | null,
): string | null {
  const card = facts.cards.get(iccid);
  const holder = facts.cardHolders.get(iccid);
  if (!card || !p.tenantIds.includes(card.tenant_id)) return MSG_TBOX_ICCID_UNKNOWN;
  if (holder !== undefined && holder !== sn) return msgTboxIccidTaken(holder);
  if (card.vin !== null && card.vin !== boundVin) return msgTboxIccidOtherVehicle(card.vin);
  if (boundVin !== null && (card.status === "inventory" || card.status === "cancelled"))
    return msgTboxCardUnusable(SIM_STATUS_LABELS[card.status]);
  return null;
}

/**
 * Writes what follows from a terminal's card onto the vehicle it is bound to: the vehicle's
 * ICCID, and the SIM register's binding (the card leaves a vehicle it no longer serves).
 * Call inside the transaction that changed the terminal or its binding.
 */
export async function syncVehicleCard(trx: Kysely<Database>, vin: string, iccid: string | null): Promise<void> {
  await trx.updateTable("vehicle").set({ iccid }).where("vin", "=", vin).execute();
  let release = trx.updateTable("bss_sim_card").set({ vin: null }).where("vin", "=", vin);
  if (iccid !== null) release = release.where("iccid", "<>", iccid);
  await release.execute();
  if (iccid !== null) await trx.updateTable("bss_sim_card").set({ vin }).where("iccid", "=", iccid).execute();
}
