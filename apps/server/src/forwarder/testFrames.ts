import { encodeCollectionTime, encodeFrame } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ensureDayPartitions } from "../gateway/stores/partitions";
import type { Secrets } from "../platform/secrets";
import { seal } from "../services/tsp-bss/notRoadFour/seal";
import "../gateway/tables";
import "../services/tsp-bss/notRoadFour/tables";

/**
 * Test and benchmark fixtures of forwarding: real GB/T 32960 real-time frames (a position unit
 * whose longitude carries the report's number, so every report differs) written into the
 * journal as the gateway stores accepted ones, and a platform with its machines.
 */
export function realtimeFrame(vin: string, n: number, at: number): string {
  const time = encodeCollectionTime(at);
  if (!time.ok) throw new Error(time.error.message);
  const data = new Uint8Array(6 + 1 + 9);
  data.set(time.value, 0);
  data[6] = 0x05;
  data[7] = 0;
  const lng = 116_000_000 + n;
  data.set([(lng >>> 24) & 0xff, (lng >>> 16) & 0xff, (lng >>> 8) & 0xff, lng & 0xff], 8);
  data.set([0x02, 0x62, 0x5a, 0x00], 12);
  const r = encodeFrame({ edition: 2016, command: 0x02, responseFlag: 0xfe, vin, encryption: 0x01, data });
  if (!r.ok) throw new Error(r.error.message);
  return Buffer.from(r.value).toString("hex").toUpperCase();
}

/**
 * Day partitions known to exist, per database: the fixtures are used on many databases by one
 * process (the test projects share a module graph per worker), and a partition of one database
 * says nothing of another's.
 */
const partitions = new WeakMap<Kysely<Database>, Set<string>>();

/** Writes frames into the journal (status ok), in the order given; answers their hex. */
export async function journalFrames(
  db: Kysely<Database>,
  frames: readonly { vin: string; n: number; at: number }[],
): Promise<string[]> {
  if (frames.length === 0) return [];
  const known = partitions.get(db) ?? new Set<string>();
  partitions.set(db, known);
  await ensureDayPartitions(
    db,
    ["gateway_frame"],
    frames.map((f) => f.at),
    known,
  );
  const rows = frames.map((f) => ({
    received_at: f.at,
    vin: f.vin,
    command: 0x02,
    edition: 2016,
    raw_hex: realtimeFrame(f.vin, f.n, f.at),
    status: "ok" as const,
    reason: null,
    peer: "127.0.0.1:1",
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("gateway_frame")
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.map((r) => r.raw_hex);
}

/** A tenant's platform (its password sealed as the calls seal it) with machines forwarded since `since`. */
export async function addPlatform(
  db: Kysely<Database>,
  secrets: Secrets,
  p: {
    tenantId: number;
    name: string;
    port: number;
    account: string;
    password: string;
    pins: readonly string[];
    since: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto("nr4_forward_platform")
    .values({
      tenant_id: p.tenantId,
      name: p.name,
      host: "127.0.0.1",
      port: p.port,
      protocol: "gb32960",
      account: p.account,
      password_sealed: seal(secrets, p.password),
      enabled: true,
      updated_at: 0,
      update_by: null,
      update_name: "test",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (p.pins.length > 0)
    await db
      .insertInto("nr4_forward_machine")
      .values(
        p.pins.map((pin) => ({
          tenant_id: p.tenantId,
          platform_id: id,
          pin,
          since: p.since,
          enabled: true,
          update_name: "test",
        })),
      )
      .execute();
  return id;
}
