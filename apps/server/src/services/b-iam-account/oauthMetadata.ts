import type { FastifyRequest } from "fastify";
import type { Handler } from "../types";
import { GRANT_TYPES } from "./oauthHandlers";
import { PKCE_METHODS } from "./pkce";
import { SCOPE } from "./tokens";

/** Client authentication methods of the token and revocation endpoints (see `authenticateClient`). */
export const AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;

/**
 * The issuer: the origin the caller reached this server at. The reference server has no
 * configured public URL; behind a proxy, the proxy's Host header names it. RFC 8414 §3.3 then
 * holds by construction: the metadata is served at `{issuer}/.well-known/oauth-authorization-server`.
 */
export const issuerOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The authorization-server metadata of RFC 8414 §2 (what a standard client discovers). */
export function metadataOf(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/b-iam-account/oauth/authorize`,
    token_endpoint: `${issuer}/b-iam-account/oauth/token`,
    revocation_endpoint: `${issuer}/b-iam-account/oauth/revoke`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: [...PKCE_METHODS],
    token_endpoint_auth_methods_supported: [...AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...AUTH_METHODS],
    scopes_supported: [SCOPE],
    ui_locales_supported: ["zh-CN"],
  };
}

/** GET /.well-known/oauth-authorization-server: the metadata document itself (not the envelope). */
export const getAuthorizationServerMetadata: Handler = async ({ request, reply }) =>
  reply
    .code(200)
    .header("content-type", "application/json; charset=utf-8")
    .header("cache-control", "no-cache")
    .send(metadataOf(issuerOf(request)));
