import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  decodeJt808AttachmentAnswer,
  decodeJt808Frame,
  encodeJt808AttachmentFile,
  encodeJt808AttachmentList,
  encodeJt808DataFrame,
  encodeJt808Frame,
  type Jt808Frame,
  takeJt808Frames,
} from "@tsp/domain";
import { Link } from "../../../apps/server/src/simulator/link";
import { forkChild } from "../lib/child";
import { benchDatabase } from "../lib/databases";
import { benchVin } from "../lib/journalData";
import { round, summary } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Engine, n } from "../lib/types";

const SERIES = 9;
const TERMINAL_ID = "BENCH01";
/** Bytes of one data frame (T/JSATL 12-2017 leaves it to the terminal; 16 KiB is a common choice, ≤ 64 KiB). */
const PIECE = 16 * 1024;
const MiB = 1024 * 1024;

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const alarmNumber = (t: number, a: number) => `${String(t).padStart(6, "0")}${String(a).padStart(26, "0")}`;
const phone = (t: number) => `0139${String(t).padStart(8, "0")}`;

/**
 * One simulated 苏标 terminal uploading one alarm's files as T/JSATL 12-2017 §4.5 says: connect,
 * 0x1210 (the list), then per file 0x1211, the data frames, 0x1212 → 0x9212 result 0. Answers
 * per file: 0x1211 sent → 0x9212 complete (the object is written before that answer).
 */
async function uploadAlarm(
  port: number,
  t: number,
  a: number,
  files: readonly { name: string; type: number; data: Uint8Array }[],
): Promise<number[]> {
  let rest: Uint8Array = new Uint8Array(0);
  const link = await Link.open<Jt808Frame>("127.0.0.1", port, (chunk) => {
    const joined = new Uint8Array(rest.length + chunk.length);
    joined.set(rest, 0);
    joined.set(chunk, rest.length);
    const cut = takeJt808Frames(joined);
    rest = cut.rest;
    return cut.frames.flatMap((f) => {
      const frame = decodeJt808Frame(f);
      return frame.ok ? [frame.value] : [];
    });
  });
  let serial = 0;
  const frame = (messageId: number, body: Uint8Array) =>
    must(
      encodeJt808Frame({
        header: { edition: 2013, encryption: 0, phone: phone(t), serial: serial++, messageId },
        body,
      }),
    );
  try {
    const list = encodeJt808AttachmentList({
      terminalId: TERMINAL_ID,
      mark: { terminalId: TERMINAL_ID, time: Date.UTC(2026, 0, 1), serial: a, fileCount: files.length, reserved: 0 },
      alarmNumber: alarmNumber(t, a),
      infoType: 0,
      files: files.map((f) => ({ name: f.name, size: f.data.length })),
    });
    link.write(frame(0x1210, must(list)));
    const listed = await link.answer((x) => x.header.messageId === 0x8001, 60_000);
    if (listed?.body.at(-1) !== 0) throw new Error(`terminal ${t}: 0x1210 refused`);
    const ms: number[] = [];
    for (const f of files) {
      const started = performance.now();
      const info = must(encodeJt808AttachmentFile({ name: f.name, type: f.type, size: f.data.length }));
      link.write(frame(0x1211, info));
      await link.answer((x) => x.header.messageId === 0x8001, 60_000);
      for (let at = 0; at < f.data.length; at += PIECE) {
        link.write(must(encodeJt808DataFrame({ name: f.name, offset: at, data: f.data.subarray(at, at + PIECE) })));
      }
      link.write(frame(0x1212, info));
      const answer = await link.answer((x) => x.header.messageId === 0x9212, 120_000);
      const done = answer && decodeJt808AttachmentAnswer(answer.body);
      if (!done?.ok || done.value.result !== 0) throw new Error(`terminal ${t}: ${f.name} not complete`);
      ms.push(performance.now() - started);
    }
    return ms;
  } finally {
    await link.end();
  }
}

/**
 * 苏标 alarm attachments end to end (issue 17): the gateway's attachment server (ATTACHMENT_PORT
 * as `npm start` runs it, in `lib/gatewayServe.ts`'s process, objects on disk), `terminals`
 * simulated terminals at once, each uploading `alarmsEach` alarms one after another (one
 * connection per alarm, as a terminal does after each 0x9208): two camera JPEGs and one clip per
 * alarm. The alarms' rows are put in first (what 0x0200 + 0x9208 leave). Figures: files/s and
 * MB/s from the first 0x1210 to the last 0x9212, p99 per file (0x1211 → 0x9212 complete), the
 * server's RSS growth; checked: every file's row has its key and its object on disk has its size.
 */
export async function attachmentsCase(env: BenchEnv, engine: Engine): Promise<CaseResult> {
  const { terminals, alarmsEach, photoBytes, clipBytes } = env.scale.attachments;
  const load = os.loadavg()[0]?.toFixed(2);
  const location = await benchDatabase(env, engine, `attachments-${env.scale.name}`, true);
  const objectsDir = path.join(env.workDir, `attachments-objects-${engine}`);
  const forked = performance.now();
  const { child: gateway, ready } = await forkChild("lib/gatewayServe.ts", {
    BENCH_DATA_DIR: location.dataDir,
    BENCH_DATABASE_URL: location.databaseUrl ?? "",
    BENCH_VEHICLES: String(terminals),
    BENCH_VIN_SERIES: String(SERIES),
    BENCH_ATTACHMENTS_DIR: objectsDir,
  });
  env.log(`  ${engine}: server and attachment port up in ${round((performance.now() - forked) / 1000)} s`);
  try {
    const query = async (text: string) => {
      const r = await gateway.ask<{ rows?: Record<string, unknown>[]; error?: string }>("query", { sql: text });
      if (r.error) throw new Error(r.error);
      return r.rows ?? [];
    };
    const values: string[] = [];
    for (let t = 0; t < terminals; t++) {
      for (let a = 0; a < alarmsEach; a++) {
        values.push(
          `('${benchVin(t, SERIES)}', '${phone(t).slice(1)}', ${t * alarmsEach + a}, ${a}, '${alarmNumber(t, a)}')`,
        );
      }
    }
    await query(
      `insert into gateway_safety_alarm (tenant_id, vin, phone, source, alarm_type, level, terminal_alarm_id, alarm_at,
         terminal_id, mark_time, mark_serial, file_count, alarm_number, received_at)
       select v.tenant_id, x.vin, x.phone, 'adas', 1, 1, x.id, 0, '${TERMINAL_ID}', ${Date.UTC(2026, 0, 1)}, x.serial, 3, x.number, 0
       from (values ${values.join(", ")}) as x(vin, phone, id, serial, number) join vehicle v on v.vin = x.vin`,
    );
    const photo = Uint8Array.from({ length: photoBytes }, (_, i) => (i * 31) & 0xff);
    const clip = Uint8Array.from({ length: clipBytes }, (_, i) => (i * 17) & 0xff);
    const filesOf = (t: number, a: number) => [
      { name: `00_64_6401_${a}_${alarmNumber(t, a)}.jpg`, type: 0, data: photo },
      { name: `00_65_6401_${a}_${alarmNumber(t, a)}.jpg`, type: 0, data: photo },
      { name: `02_64_6401_${a}_${alarmNumber(t, a)}.mp4`, type: 2, data: clip },
    ];
    const before = await gateway.ask<{ rss: number; external: number }>("gc");
    let peak = before.rss;
    // Buffers (the files in flight) are outside V8's heap: `external` shows them even when RSS does
    // not move (malloc reusing what the start freed, PGlite's own memory in the same process).
    let peakExternal = before.external;
    const sampler = setInterval(() => {
      gateway.ask<{ rss: number; external: number }>("memory").then((m) => {
        peak = Math.max(peak, m.rss);
        peakExternal = Math.max(peakExternal, m.external);
      });
    }, 200);
    const started = performance.now();
    const perFile: number[] = [];
    try {
      await Promise.all(
        Array.from({ length: terminals }, async (_, t) => {
          for (let a = 0; a < alarmsEach; a++)
            perFile.push(...(await uploadAlarm(ready.attachmentPort as number, t, a, filesOf(t, a))));
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const after = await gateway.ask<{ rss: number }>("gc");
    const rows = await query(
      `select f.name, f.size, f.object_key from gateway_safety_file f join gateway_safety_alarm a on a.id = f.alarm_id
       where a.vin like 'LBENCH${SERIES}%'`,
    );
    const files = terminals * alarmsEach * 3;
    const incomplete = rows.filter((r) => r.object_key === null);
    if (rows.length !== files || incomplete.length > 0) {
      throw new Error(`${rows.length} of ${files} files listed, ${incomplete.length} without their object`);
    }
    for (const r of rows.slice(0, 5)) {
      const size = (await stat(path.join(objectsDir, r.object_key as string))).size;
      if (size !== Number(r.size))
        throw new Error(`${r.object_key as string}: ${size} bytes on disk, ${r.size} listed`);
    }
    const bytes = terminals * alarmsEach * (2 * photoBytes + clipBytes);
    const latency = summary(perFile);
    const size = `${n(terminals)} terminals at once × ${alarmsEach} alarms × (2 JPEG of ${round(photoBytes / 1024)} KiB + a clip of ${round(clipBytes / MiB)} MiB), ${PIECE / 1024} KiB data frames`;
    env.log(
      `  ${engine}: ${round(files / seconds)} files/s, ${round(bytes / MiB / seconds)} MB/s, p99 ${round(latency.p99)} ms`,
    );
    const why = `load average ${load} at the start (uptime); client and server on one machine`;
    return {
      figures: [
        {
          case: "苏标 alarm attachments end to end",
          figure: "files/s, 0x1210 → object stored and row complete",
          engine,
          value: round(files / seconds),
          unit: "files/s",
          size,
          note: `${n(files)} files in ${round(seconds)} s; ${why}`,
        },
        {
          case: "苏标 alarm attachments end to end",
          figure: "MB/s stored",
          engine,
          value: round(bytes / MiB / seconds),
          unit: "MiB/s",
          target: "≥ 2 MiB/s (50 terminals on 4G at their best ~40 KiB/s each)",
          pass: bytes / MiB / seconds >= 2,
          size,
          note: `${round(bytes / MiB)} MiB; a file is held whole in memory until complete, then written once and its md5 taken`,
        },
        {
          case: "苏标 alarm attachments end to end",
          figure: "p99 per file, 0x1211 → 0x9212 complete",
          engine,
          value: round(latency.p99),
          unit: "ms",
          size,
          note: `p50 ${round(latency.p50)} ms (every terminal sending at once over loopback: the server's share of a file's time)`,
        },
        {
          case: "苏标 alarm attachments end to end",
          figure: "server RSS growth (peak during the upload − before, after a GC)",
          engine,
          value: round((peak - before.rss) / MiB),
          unit: "MiB",
          target: `≤ ${terminals} × the largest file in flight (${round((terminals * clipBytes) / MiB)} MiB) + 64 MiB`,
          pass: peak - before.rss <= terminals * clipBytes + 64 * MiB,
          size,
          note: `after the upload and a GC: ${round((after.rss - before.rss) / MiB)} MiB over before; peak of V8's external memory (the files' buffers) ${round((peakExternal - before.external) / MiB)} MiB over before (sampled every 200 ms; RSS may not move while malloc reuses memory the start freed)`,
        },
      ],
      details: {
        [`attachments.${engine}`]: { latency, seconds, before: before.rss, peak, after: after.rss, peakExternal },
      },
    };
  } finally {
    await gateway.stop();
  }
}
