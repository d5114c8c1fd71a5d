import { MSG_TENANT_DISABLED_SIGN_IN } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { verifyPassword } from "./passwords";
import "../comm-saas-cloud/tenants/tables";

/** Failures that lock an account, the window they are counted in and the lock's length. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export const MSG_BAD_CREDENTIALS = "用户名或密码错误";
export const MSG_LOCKED = "账号已锁定，请15分钟后再试";

export type SignInResult = { ok: true; accountId: number } | { ok: false; msg: string };

/**
 * Checks a username and password with lockout: 5 failures within 15 minutes lock the account
 * for 15 minutes (openapi submitAuthorizeForm). An unknown username answers the same message
 * as a wrong password, so names cannot be probed.
 */
export async function signIn(
  db: Kysely<Database>,
  username: string,
  password: string,
  now: Date,
): Promise<SignInResult> {
  const account = await db
    .selectFrom("account")
    .select(["id", "password_hash", "status", "failed_count", "first_failed_at", "locked_until"])
    .where("username", "=", username)
    .executeTakeFirst();
  if (account?.status !== "active") {
    // Same cost as a real check, so timing does not reveal which names exist.
    await verifyPassword(
      password,
      "scrypt$16384$8$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    );
    return { ok: false, msg: MSG_BAD_CREDENTIALS };
  }
  if (account.locked_until && account.locked_until > now) return { ok: false, msg: MSG_LOCKED };
  if (await verifyPassword(password, account.password_hash)) {
    // Told only after the password was right, so a disabled tenant's names cannot be probed.
    const tenant = await db
      .selectFrom("tenant")
      .innerJoin("account", "account.tenant_id", "tenant.id")
      .select("tenant.status")
      .where("account.id", "=", account.id)
      .executeTakeFirst();
    if (tenant?.status !== "active") return { ok: false, msg: MSG_TENANT_DISABLED_SIGN_IN };
    await db
      .updateTable("account")
      .set({ failed_count: 0, first_failed_at: null, locked_until: null, last_login_at: now })
      .where("id", "=", account.id)
      .execute();
    return { ok: true, accountId: account.id };
  }
  const windowOpen = account.first_failed_at && now.getTime() - account.first_failed_at.getTime() < FAILURE_WINDOW_MS;
  const failures = windowOpen ? account.failed_count + 1 : 1;
  const locked = failures >= MAX_FAILURES;
  await db
    .updateTable("account")
    .set({
      failed_count: locked ? 0 : failures,
      first_failed_at: locked ? null : windowOpen ? account.first_failed_at : now,
      locked_until: locked ? new Date(now.getTime() + LOCK_MS) : null,
    })
    .where("id", "=", account.id)
    .execute();
  return { ok: false, msg: locked ? MSG_LOCKED : MSG_BAD_CREDENTIALS };
}
