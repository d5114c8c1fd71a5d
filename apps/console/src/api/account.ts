import { createEncryptor } from "@tsp/sdk";
import { sdk } from "./sdk";

// The signed-in account's own settings (the header's 修改密码, spec §7 modifyPassword).

let encryptor: ReturnType<typeof createEncryptor> | null = null;

/** Changes the password; both values travel RSA-OAEP encrypted with the key of getPubKey. */
export async function modifyPassword(oldPassword: string, newPassword: string): Promise<void> {
  encryptor ??= createEncryptor(sdk());
  const [oldCipher, newCipher] = await Promise.all([encryptor.encrypt(oldPassword), encryptor.encrypt(newPassword)]);
  await sdk().POST("/b-iam-account/users/web/modifyPassword", {
    body: { oldPassword: oldCipher, newPassword: newCipher },
  });
}
