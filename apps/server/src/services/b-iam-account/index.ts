import type { ServiceModule } from "../types";
import { getPubKey, modifyPassword, signOut } from "./accountHandlers";
import * as m0001 from "./migrations/0001_iam";
import * as m0002 from "./migrations/0002_authz_version";
import { getAuthorizePage, getToken, submitAuthorizeForm } from "./oauthHandlers";
import "./tables";

/**
 * b-iam-account: sign-in (authorization code, iam_sso_login, client credentials), tokens,
 * the RSA public key, password change and sign-out. Tenants, organisations, accounts, roles,
 * menus and buttons live in its tables; the platform seed fills them.
 */
export const bIamAccount: ServiceModule = {
  name: "b-iam-account",
  migrations: { "b-iam-account:0001_iam": m0001, "b-iam-account:0002_authz_version": m0002 },
  handlers: { getAuthorizePage, submitAuthorizeForm, getToken, getPubKey, modifyPassword, signOut },
};
