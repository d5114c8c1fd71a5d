import { createHash } from "node:crypto";
import { invalidField, ok } from "../../http/envelope";
import { bearerOf } from "../../http/router";
import { hashToken } from "../../platform/auth";
import type { Handler } from "../types";
import { hashPassword, passwordPolicyProblem, verifyPassword } from "./passwords";
import { revokeToken } from "./tokens";

/** GET getPubKey: the RSA key for RSA-OAEP SHA-256 (openapi/CONVENTIONS.md). */
export const getPubKey: Handler = async (_input, ctx) => ({
  publicKey: ctx.secrets.publicKeySpki,
  algorithm: "RSA-OAEP-256",
  keyId: createHash("sha256").update(ctx.secrets.publicKeySpki).digest("hex").slice(0, 12),
});

/** POST modifyPassword: RSA-encrypted old and new password; other sessions are revoked. */
export const modifyPassword: Handler = async ({ body, principal, request }, ctx) => {
  const { oldPassword, newPassword } = body as { oldPassword: string; newPassword: string };
  const who = principal as NonNullable<typeof principal>;
  const oldPlain = ctx.secrets.decrypt(oldPassword);
  if (oldPlain === null) throw invalidField("oldPassword", "密码解密失败");
  const newPlain = ctx.secrets.decrypt(newPassword);
  if (newPlain === null) throw invalidField("newPassword", "密码解密失败");
  const account = await ctx.db
    .selectFrom("account")
    .select("password_hash")
    .where("id", "=", who.accountId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(oldPlain, account.password_hash))) throw invalidField("oldPassword", "原密码不正确");
  if (newPlain === oldPlain) throw invalidField("newPassword", "新密码不能与原密码相同");
  const policy = passwordPolicyProblem(newPlain);
  if (policy) throw invalidField("newPassword", policy);
  const hash = await hashPassword(newPlain);
  const current = hashToken(bearerOf(request) ?? "");
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable("account").set({ password_hash: hash }).where("id", "=", who.accountId).execute();
    await trx
      .updateTable("access_token")
      .set({ revoked_at: ctx.now() })
      .where("account_id", "=", who.accountId)
      .where("token_hash", "!=", current)
      .where("revoked_at", "is", null)
      .execute();
  });
  return ok(null, "密码修改成功");
};

/** GET signOut: revokes the calling token. */
export const signOut: Handler = async ({ request }, ctx) => {
  const token = bearerOf(request);
  if (token) await revokeToken(ctx.db, token, ctx.now());
  return ok(null, "已退出登录");
};
