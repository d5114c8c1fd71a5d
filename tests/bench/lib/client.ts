import { clientCredentials, createTspClient, memoryTokenStore, type paths, type TspClient } from "@tsp/sdk";

/** The seed's automation client, bound to the demo administrator (openapi/CONVENTIONS.md). */
export const AUTOMATION = { clientId: "tsp-automation", clientSecret: "tsp-automation-secret" };

/** An SDK client signed in as the demo administrator (client_credentials), and its token. */
export async function adminClient(baseUrl: string): Promise<{ sdk: TspClient<paths>; token: string }> {
  const sdk = createTspClient({ baseUrl: baseUrl.replace(/\/$/, ""), tokenStore: memoryTokenStore() });
  const answer = await clientCredentials(sdk, AUTOMATION);
  return { sdk, token: answer.access_token };
}

/** Query string of a journal page call. */
export function journalQuery(q: {
  vin: string;
  startTime: number;
  endTime: number;
  pageSize: number;
  rowKey?: string | undefined;
}): string {
  const p = new URLSearchParams({
    vin: q.vin,
    startTime: String(q.startTime),
    endTime: String(q.endTime),
    pageSize: String(q.pageSize),
  });
  if (q.rowKey) p.set("rowKey", q.rowKey);
  return p.toString();
}

export const LOGIN_LOG_PATH = "/tsp-hbase-proxy/vehicleLog/getLoginLog";
