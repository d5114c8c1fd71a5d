import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import "./tables";
import "../../services/tsp-bss/tables";

/** A wake-up SMS to one vehicle's T-BOX. */
export interface SmsMessage {
  readonly tenantId: number;
  readonly vin: string;
  readonly commandId: number;
  readonly text: string;
}

/** Where an SMS went: the card number (null when the register knows none) and the record's id. */
export interface SmsReceipt {
  readonly id: number;
  readonly msisdn: string | null;
}

/**
 * The seam to an SMS provider (a real one — an operator's SMS API — implements `send`; the
 * platform records every SMS in `gateway_sms` whichever sends it).
 */
export interface SmsGateway {
  readonly provider: string;
  send(message: SmsMessage, now: number): Promise<SmsReceipt>;
}

/** What a simulated T-BOX's modem listens on: the SMS addressed to its vehicle. */
export interface SmsInbox {
  /** Calls `onSms` for every SMS to the VIN until the returned function is called. */
  subscribe(vin: string, onSms: (text: string) => void): () => void;
}

/** The wake-up SMS's text (a T-BOX in sleep wakes on any SMS from the platform's number; the text says why). */
export const WAKE_UP_TEXT = "TSP:WAKEUP";

/**
 * The built-in SMS gateway: records the SMS (to the card of the vehicle's SIM, from the card
 * register) and hands it to the simulated T-BOXes of this process listening for that VIN —
 * the network between is not simulated. A real provider replaces it through `SmsGateway`.
 */
export class LocalSmsGateway implements SmsGateway, SmsInbox {
  readonly provider = "local";
  private readonly listeners = new Map<string, Set<(text: string) => void>>();

  /** `deliveryMs`: how long the SMS takes to reach the T-BOX (default 1 s; the network's delay). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deliveryMs = 1000,
  ) {}

  subscribe(vin: string, onSms: (text: string) => void): () => void {
    const set = this.listeners.get(vin) ?? new Set();
    set.add(onSms);
    this.listeners.set(vin, set);
    return () => set.delete(onSms);
  }

  async send(m: SmsMessage, now: number): Promise<SmsReceipt> {
    const card = await this.db.selectFrom("bss_sim_card").select("msisdn").where("vin", "=", m.vin).executeTakeFirst();
    const msisdn = card?.msisdn ?? null;
    const row = await recordSms(this.db, { ...m, msisdn, provider: this.provider }, now);
    const deliver = () => {
      for (const listener of this.listeners.get(m.vin) ?? []) listener(m.text);
    };
    setTimeout(deliver, this.deliveryMs).unref();
    return { id: row, msisdn };
  }
}

/** Writes an SMS's record; its id. */
export async function recordSms(
  db: Kysely<Database>,
  m: SmsMessage & { readonly msisdn: string | null; readonly provider: string },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto("gateway_sms")
    .values({
      tenant_id: m.tenantId,
      vin: m.vin,
      command_id: m.commandId,
      msisdn: m.msisdn,
      text: m.text,
      provider: m.provider,
      sent_at: now,
      login_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
