#!/usr/bin/env node
// Writes one vehicle's login journal (GB/T 32960 login frames) for a time range as CSV.
//
//   node login-journal-to-csv.mjs <baseUrl> <VIN> <from> <to> > login-journal.csv
//
// from/to: a date (2025-03-14, local time; `to` means the end of that day), a date-time
// (2025-03-14T08:00:00) or milliseconds since 1970. The script signs in with client_credentials
// as an automation client: TSP_CLIENT_ID / TSP_CLIENT_SECRET (default: the reference server's
// seeded tsp-automation client). The server answers at most 31 days per query, so longer ranges
// are walked in 31-day windows; each window is walked page by page with its cursor.
import { once } from "node:events";
import { clientCredentials, createTspClient, cursorPages, items, memoryTokenStore, unwrap } from "@tsp/sdk";

const DAY = 86_400_000;
const WINDOW = 31 * DAY;

/** A time argument as milliseconds; date-only values are local midnight (or the day's last ms). */
function parseTime(text, endOfDay) {
  if (/^\d+$/.test(text)) return Number(text);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const ms = new Date(dateOnly ? `${text}T00:00:00` : text).getTime();
  if (Number.isNaN(ms)) throw new Error(`无法识别的时间：${text}`);
  return dateOnly && endOfDay ? ms + DAY - 1 : ms;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
const field = (value) => {
  const text = String(value ?? "");
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

async function write(line) {
  if (!process.stdout.write(`${line}\r\n`)) await once(process.stdout, "drain");
}

async function main() {
  const [baseUrl, vin, fromText, toText] = process.argv.slice(2);
  if (!baseUrl || !vin || !fromText || !toText) {
    console.error("用法: node login-journal-to-csv.mjs <baseUrl> <VIN> <from> <to> > login-journal.csv");
    process.exitCode = 2;
    return;
  }
  const from = parseTime(fromText, false);
  const to = parseTime(toText, true);
  if (to < from) throw new Error("结束时间不能早于开始时间");

  const sdk = createTspClient({ baseUrl, tokenStore: memoryTokenStore() });
  await clientCredentials(sdk, {
    clientId: process.env.TSP_CLIENT_ID ?? "tsp-automation",
    clientSecret: process.env.TSP_CLIENT_SECRET ?? "tsp-automation-secret",
  });

  await write("vin,time,content");
  let rows = 0;
  for (let startTime = from; startTime <= to; startTime += WINDOW) {
    const endTime = Math.min(startTime + WINDOW - 1, to);
    // Oldest first, so the CSV reads in time order across windows.
    const query = { vin, startTime, endTime, reportTimeDesc: false, pageSize: 1000 };
    const pages = cursorPages((rowKey) =>
      sdk.GET("/tsp-hbase-proxy/vehicleLog/getLoginLog", { params: { query: { ...query, rowKey } } }).then(unwrap),
    );
    for await (const frame of items(pages)) {
      await write([frame.vin, new Date(frame.time).toISOString(), frame.content].map(field).join(","));
      rows++;
    }
  }
  console.error(`已导出 ${rows} 条登入记录`);
}

main().catch((error) => {
  // An SDK error's message is a log line: its code, the server's msg and failDetail, and the call.
  console.error(error.message);
  process.exitCode = 1;
});
