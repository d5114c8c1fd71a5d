import type { TspBss } from "@tsp/sdk/generated";
import type { FleetRow, MachineRow } from "./fleet";

type TboxPage = TspBss.components["schemas"]["TboxRecordPage"];
type BlackBoxPage = TspBss.components["schemas"]["BlackBoxPage"];
type Client = { clientId: string; clientSecret: string };

async function apiToken(base: string, client: Client): Promise<string> {
  const tokenAnswer = await fetch(`${base}/b-iam-account/oauth/token`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
  });
  const body = (await tokenAnswer.json()) as { access_token?: string; data?: { access_token?: string } };
  const token = body.access_token ?? body.data?.access_token;
  if (!token) throw new Error(`no token (HTTP ${tokenAnswer.status})`);
  return token;
}

/** The machines with a fitted supervision terminal (监管终端管理's PIN binding), in PIN order. */
export async function machineRowsFromApi(baseUrl: string, client: Client): Promise<MachineRow[]> {
  const base = baseUrl.replace(/\/+$/, "");
  const token = await apiToken(base, client);
  const rows = new Map<string, MachineRow>();
  for (let pageNum = 1; ; pageNum++) {
    const res = await fetch(`${base}/tsp-bss/blackBox/list?pageNum=${pageNum}&pageSize=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const page = ((await res.json()) as { data?: BlackBoxPage }).data;
    if (!res.ok || !page) throw new Error(`监管终端 list answered HTTP ${res.status}`);
    for (const b of page.list) if (b.machineryPin) rows.set(b.machineryPin, { pin: b.machineryPin, iccid: b.iccid });
    if (page.list.length < 100 || pageNum * 100 >= page.total) break;
  }
  return [...rows.values()].toSorted((a, b) => (a.pin < b.pin ? -1 : a.pin > b.pin ? 1 : 0));
}

/**
 * The registers' rows through a running server's API (a PGlite database is one process's, so
 * `npm run simulate` against `npm start` reads the T-BOX register over HTTP): the T-BOXes on a
 * vehicle that the OAuth client (tsp-automation acts as admin) sees, with their protocol and
 * terminal id. Plain fetch with the contract's generated types (the SDK's runtime is the
 * browser's and Node scripts'; the server's code stays free of it).
 */
export async function fleetRowsFromApi(
  baseUrl: string,
  client: { clientId: string; clientSecret: string },
): Promise<FleetRow[]> {
  const base = baseUrl.replace(/\/+$/, "");
  const token = await apiToken(base, client);
  const rows: FleetRow[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const res = await fetch(`${base}/tsp-bss/tbox/list?bound=true&pageNum=${pageNum}&pageSize=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const envelope = (await res.json()) as { code?: unknown; data?: TboxPage };
    const page = envelope.data;
    if (!res.ok || !page) throw new Error(`T-BOX list answered HTTP ${res.status}`);
    for (const t of page.list) {
      if (!t.vin) continue;
      rows.push({
        vin: t.vin,
        iccid: t.iccid ?? null,
        tboxProtocol: t.protocol,
        terminalId: t.terminalId ?? null,
        safetyPhone: null,
        safetyTerminalId: null,
      });
    }
    if (page.list.length < 100 || pageNum * 100 >= page.total) break;
  }
  return rows.toSorted((a, b) => (a.vin < b.vin ? -1 : a.vin > b.vin ? 1 : 0));
}
