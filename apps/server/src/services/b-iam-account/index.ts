import type { ServiceModule } from "../types";
import { getPubKey, modifyPassword, signOut } from "./accountHandlers";
import * as m0001 from "./migrations/0001_iam";
import * as m0002 from "./migrations/0002_authz_version";
import * as m0020 from "./migrations/0020_oauth_conformance";
import { getAuthorizePage, getToken, revokeOAuthToken, submitAuthorizeForm } from "./oauthHandlers";
import { getAuthorizationServerMetadata } from "./oauthMetadata";
import { registerOAuthReplies } from "./oauthReplies";
import "./tables";

/**
 * b-iam-account: sign-in (authorization code, iam_sso_login, client credentials), tokens,
 * the RSA public key, password change and sign-out. Tenants, organisations, accounts, roles,
 * menus and buttons live in its tables; the platform seed fills them.
 *
 * The authorization server is our own, made conformant (RFC 6749 §5 answers and errors, PKCE
 * S256, RFC 7009 revocation, RFC 8414 metadata) rather than oidc-provider mounted here (lead's
 * decision, issue 15): oidc-provider could carry the grants, but it is a Koa app with its own
 * token store, and our PostgreSQL token table (which signOut, tenant disabling and the grants
 * cache rely on) and the sign-in page would have to move into its adapter and interaction
 * flow. Conformance is proven with a standard client library (tests/security/oauthLibrary.test.ts).
 */
export const bIamAccount: ServiceModule = {
  name: "b-iam-account",
  migrations: {
    "b-iam-account:0001_iam": m0001,
    "b-iam-account:0002_authz_version": m0002,
    "b-iam-account:0020_oauth_conformance": m0020,
  },
  handlers: {
    getAuthorizePage,
    submitAuthorizeForm,
    getToken,
    revokeOAuthToken,
    getAuthorizationServerMetadata,
    getPubKey,
    modifyPassword,
    signOut,
  },
  register: registerOAuthReplies,
};
