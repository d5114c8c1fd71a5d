import type { ColumnType, Generated } from "kysely";

/** IAM tables (b-iam-account), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    org: OrgTable;
    account: AccountTable;
    role: RoleTable;
    account_role: AccountRoleTable;
    menu: MenuTable;
    role_menu: RoleMenuTable;
    oauth_client: OAuthClientTable;
    auth_code: AuthCodeTable;
    access_token: AccessTokenTable;
    authz_version: AuthzVersionTable;
  }
}

type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** An organisation (tree within a tenant). */
export interface OrgTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number | null;
  name: string;
  sort: Generated<number>;
}

export interface AccountTable {
  id: Generated<number>;
  tenant_id: number;
  org_id: number;
  username: string;
  real_name: string;
  mobile: string | null;
  email: string | null;
  /** `scrypt$N$r$p$salt$hash` (base64 parts). */
  password_hash: string;
  status: ColumnType<"active" | "disabled", "active" | "disabled" | undefined, "active" | "disabled">;
  /** Failed sign-ins since the last success (lockout after 5). */
  failed_count: Generated<number>;
  first_failed_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RoleTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  name: string;
}

export interface AccountRoleTable {
  account_id: number;
  role_id: number;
}

/**
 * One entry of the route tree (kind "menu", `api` = its full path) or a button permission
 * under a menu (kind "button", `api` = the permission string).
 */
export interface MenuTable {
  id: Generated<number>;
  parent_id: number | null;
  kind: "menu" | "button";
  api: string;
  name: string;
  title: string;
  order: number;
  hidden: boolean;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface OAuthClientTable {
  client_id: string;
  name: string;
  /** Null for a public client (no secret, token_endpoint_auth_method "none"): PKCE is then required. */
  secret_hash: string | null;
  /** The client must send a PKCE S256 challenge (RFC 7636); always so for public clients. */
  require_pkce: ColumnType<boolean, boolean | undefined, boolean>;
  /** Grant types this client may use. */
  grant_types: string[];
  /** Exact redirect URIs; `loopback` also allows any port on 127.0.0.1 / localhost. */
  redirect_uris: string[];
  allow_loopback: boolean;
  /** For client_credentials: the service account the tokens act as. */
  service_account_id: number | null;
  revoked_at: NullableTimestamp;
}

export interface AuthCodeTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  account_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  /** The PKCE S256 challenge sent to the authorize page, if any (RFC 7636 §4.4). */
  code_challenge: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccessTokenTable {
  token_hash: string;
  account_id: number;
  client_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** Hash of the code the token was issued from, so a replayed code revokes it (RFC 6749 §4.1.2). */
  code_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * One row (id 1): raised by triggers on every write to tenant, role, menu, account_role and
 * role_menu, so cached grants can tell they are stale (migration 0002_authz_version).
 */
export interface AuthzVersionTable {
  id: number;
  version: ColumnType<string, string | number, string | number>;
}
