import { type BIamAccount, createEncryptor } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 系统管理's accounts, roles, organisations and menus (designed in b-iam-account.yaml, tag permit).

type Schemas = BIamAccount.components["schemas"];
/** An account as 账号管理 lists it (mobile masked). */
export type PermitAccount = Schemas["PermitAccount"];
export type PermitRole = Schemas["PermitRole"];
export type PermitOrg = Schemas["PermitOrg"];
export type PermitMenu = Schemas["PermitMenu"];
export type PermitAccountQuery = NonNullable<BIamAccount.operations["listPermitAccounts"]["parameters"]["query"]>;
type AccountCreate = Schemas["PermitAccountCreate"];
type AccountUpdate = Schemas["PermitAccountUpdate"];

let encryptor: ReturnType<typeof createEncryptor> | null = null;
/** A password as it travels: RSA-encrypted with the key of getPubKey, like modifyPassword's. */
async function encrypted(password: string): Promise<string> {
  encryptor ??= createEncryptor(sdk());
  return encryptor.encrypt(password);
}

export async function listPermitAccounts(
  query: PermitAccountQuery,
  signal?: AbortSignal,
): Promise<Schemas["PermitAccountPage"]> {
  const params = { query };
  return dataOf(await sdk().GET("/b-iam-account/permit/account/list", signal ? { params, signal } : { params }));
}

/** Submits an export of the accounts matching the list's filters (paging aside). */
export async function exportPermitAccounts(query: Omit<PermitAccountQuery, "pageNum" | "pageSize">) {
  return dataOf(await sdk().POST("/b-iam-account/permit/account/export", { params: { query } }));
}

/** Creates an account; the initial password leaves the browser encrypted. */
export async function createPermitAccount(body: Omit<AccountCreate, "password"> & { password: string }) {
  const password = await encrypted(body.password);
  return dataOf(await sdk().POST("/b-iam-account/permit/account/add", { body: { ...body, password } }));
}

export async function updatePermitAccount(body: AccountUpdate) {
  return dataOf(await sdk().POST("/b-iam-account/permit/account/update", { body }));
}

export async function resetPermitAccountPassword(accountId: number, password: string): Promise<void> {
  await sdk().POST("/b-iam-account/permit/account/resetPassword", {
    body: { accountId, password: await encrypted(password) },
  });
}

export async function setPermitAccountStatus(
  accountId: number,
  action: Schemas["PermitAccountStatusChange"]["action"],
) {
  return dataOf(await sdk().POST("/b-iam-account/permit/account/status", { body: { accountId, action } }));
}

/** Every role of the caller's tenant (a tenant has a handful; the selects and filters need them all). */
export async function listAllPermitRoles(): Promise<PermitRole[]> {
  return (await listPermitRoles({ pageNum: 1, pageSize: 100 })).list;
}

export async function listPermitRoles(
  query: NonNullable<BIamAccount.operations["listPermitRoles"]["parameters"]["query"]>,
  signal?: AbortSignal,
): Promise<Schemas["PermitRolePage"]> {
  const params = { query };
  return dataOf(await sdk().GET("/b-iam-account/permit/role/list", signal ? { params, signal } : { params }));
}

export async function createPermitRole(body: Schemas["PermitRoleCreate"]) {
  return dataOf(await sdk().POST("/b-iam-account/permit/role/add", { body }));
}

export async function updatePermitRole(body: Schemas["PermitRoleUpdate"]) {
  return dataOf(await sdk().POST("/b-iam-account/permit/role/update", { body }));
}

export async function deletePermitRole(roleId: number): Promise<void> {
  await sdk().POST("/b-iam-account/permit/role/delete", { body: { roleId } });
}

export async function getPermitMenuTree(signal?: AbortSignal): Promise<PermitMenu[]> {
  return dataOf(await sdk().GET("/b-iam-account/permit/menu/tree", signal ? { signal } : {}));
}

export async function updatePermitMenu(body: Schemas["PermitMenuUpdate"]) {
  return dataOf(await sdk().POST("/b-iam-account/permit/menu/update", { body }));
}

export async function listPermitOrgs(signal?: AbortSignal): Promise<PermitOrg[]> {
  return dataOf(await sdk().GET("/b-iam-account/permit/organize/list", signal ? { signal } : {}));
}

export async function createPermitOrg(body: Schemas["PermitOrgCreate"]) {
  return dataOf(await sdk().POST("/b-iam-account/permit/organize/add", { body }));
}

export async function updatePermitOrg(body: Schemas["PermitOrgUpdate"]) {
  return dataOf(await sdk().POST("/b-iam-account/permit/organize/update", { body }));
}

export async function deletePermitOrg(orgId: number): Promise<void> {
  await sdk().POST("/b-iam-account/permit/organize/delete", { body: { orgId } });
}
