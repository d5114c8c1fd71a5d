/**
 * GATEWAY_PORT: the gateway's TCP port, or undefined when unset. `npm run gateway` defaults it
 * to 32960; `npm start` runs the gateway only when it is set (tests start many servers, and a
 * fixed port would collide).
 */
export function gatewayPort(env: NodeJS.ProcessEnv): number | undefined {
  if (env.GATEWAY_PORT === undefined || env.GATEWAY_PORT === "") return undefined;
  const port = Number(env.GATEWAY_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`GATEWAY_PORT must be 0..65535, got ${env.GATEWAY_PORT}`);
  }
  return port;
}
