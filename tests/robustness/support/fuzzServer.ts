import { startTestServer, type TestServer } from "../../../apps/server/src/testing/testServer";
import { AUTOMATION_CLIENT } from "../../contract/support/contract";

/** A small demo set: enough rows to find, few enough that a fingerprint of every table is quick. */
export const SMALL_SEED = { sizes: { vehiclesPerTenant: 3, journalPerVehicle: 4 } };

/** Starts a test server with the small seed. */
export function startSmallServer(): Promise<TestServer> {
  return startTestServer({ seed: SMALL_SEED });
}

/** A bearer token for the administrator (every permission) through the automation client, no password. */
export async function adminToken(base: string): Promise<string> {
  const basic = Buffer.from(`${AUTOMATION_CLIENT.clientId}:${AUTOMATION_CLIENT.clientSecret}`).toString("base64");
  const res = await fetch(new URL("/b-iam-account/oauth/token", base), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
    body: "grant_type=client_credentials",
  });
  // RFC 6749 §5.1: the token fields at the top level.
  const body = (await res.json()) as { access_token?: string };
  const token = body.access_token;
  if (!token) throw new Error(`client_credentials failed: ${res.status} ${JSON.stringify(body)}`);
  return token;
}

/** How many generated cases each property runs: a quick pass in `npm test`, many under `npm run soak`. */
export function runsPerProperty(short: number, soak: number): number {
  const env = Number(process.env.FUZZ_RUNS);
  if (Number.isInteger(env) && env > 0) return env;
  return process.env.SOAK === "1" ? soak : short;
}
