import { randomUUID } from "node:crypto";
import {
  encodeJt808AttachmentRequest,
  type Jt808Location,
  type Jt808SafetyAlarm,
  jt808SafetyAlarms,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import "./tables";

/** Where terminals are told to upload (0x9208): the attachment server as they reach it. */
export interface AttachmentServerAddress {
  readonly host: string;
  readonly tcpPort: number;
  /** The standard has a UDP port too; this server takes TCP only and sends 0. */
  readonly udpPort: number;
}

/** A fresh 报警编号: 32 hex digits, unique (the platform's number of one alarm). */
export const newAlarmNumber = (): string => randomUUID().replaceAll("-", "").toUpperCase();

/**
 * The 苏标 alarms of an authenticated terminal's 0x0200 (gateway/jt808Server.ts calls it after
 * the location is stored): each ADAS/DSM/TPMS/BSD alarm whose 报警标识号 counts files gets its
 * row and a fresh 报警编号, and the 0x9208 bodies to send the terminal are returned. An alarm
 * reported again (the same 标识号: its end flag, a re-sent location) is stored once and asked
 * for once. Nothing when the attachment server is off or the VIN is in no register.
 */
export async function safetyAlarmRequests(
  db: Kysely<Database>,
  session: { readonly vin: string; readonly phone: string },
  location: Pick<Jt808Location, "items">,
  receivedAt: number,
  address: AttachmentServerAddress,
  alarmNumber: () => string = newAlarmNumber,
): Promise<Uint8Array[]> {
  const { alarms } = jt808SafetyAlarms(location);
  const withFiles = alarms.filter((a) => a.mark.fileCount > 0);
  if (withFiles.length === 0) return [];
  const vehicle = await db.selectFrom("vehicle").select("tenant_id").where("vin", "=", session.vin).executeTakeFirst();
  if (vehicle === undefined) return [];
  const out: Uint8Array[] = [];
  for (const a of withFiles) {
    const number = alarmNumber();
    const inserted = await db
      .insertInto("gateway_safety_alarm")
      .values(alarmRow(a, { tenant: vehicle.tenant_id, ...session, number, receivedAt }))
      .onConflict((oc) => oc.columns(["vin", "terminal_id", "mark_time", "mark_serial"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted === undefined) continue;
    const body = encodeJt808AttachmentRequest({ ...address, mark: a.mark, alarmNumber: number });
    if (body.ok) out.push(body.value);
  }
  return out;
}

function alarmRow(
  a: Jt808SafetyAlarm,
  m: { tenant: number; vin: string; phone: string; number: string; receivedAt: number },
) {
  const fixed = a.latitude !== 0 || a.longitude !== 0;
  return {
    tenant_id: m.tenant,
    vin: m.vin,
    phone: m.phone,
    source: a.source,
    alarm_type: a.type,
    level: a.level,
    terminal_alarm_id: a.alarmId,
    alarm_at: a.time,
    // 1e-6° on the wire; an alarm without a fix sends zeros.
    latitude: fixed ? a.latitude / 1e6 : null,
    longitude: fixed ? a.longitude / 1e6 : null,
    speed_kmh: a.speed,
    terminal_id: a.mark.terminalId,
    mark_time: a.mark.time,
    mark_serial: a.mark.serial,
    file_count: a.mark.fileCount,
    alarm_number: m.number,
    received_at: m.receivedAt,
  };
}
