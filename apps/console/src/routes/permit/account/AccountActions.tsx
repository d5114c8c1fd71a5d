import * as d from "@tsp/domain";
import { buttonClass, ConfirmDialog, type FormField, type SelectOption, useToast } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import {
  type PermitAccount,
  resetPermitAccountPassword,
  setPermitAccountStatus,
  updatePermitAccount,
} from "../../../api/permitAccounts";
import { type Translate, useT } from "../../../i18n/i18n";
import { useListReload } from "../../../kit/ListPage";
import { EditButton } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";

/** The fields an administrator edits (the username and password aside). */
export function accountFields(
  t: Translate,
  roles: SelectOption[],
  orgs: SelectOption[],
  maskedMobile?: string,
): FormField[] {
  return [
    { key: "realName", kind: "text", label: t("permitAccount.realName"), required: true, maxLength: 32 },
    {
      key: "mobile",
      kind: "text",
      label: t("permitAccount.mobile"),
      maxLength: 11,
      ...(maskedMobile ? { placeholder: maskedMobile } : {}),
    },
    { key: "email", kind: "text", label: t("permitAccount.email"), maxLength: 64 },
    { key: "orgId", kind: "select", label: t("permitAccount.org"), options: orgs, numeric: true, required: true },
    { key: "roleIds", kind: "checks", label: t("permitAccount.roles"), options: roles, numeric: true, required: true },
  ];
}

const PasswordSchema = v.object({ password: v.pipe(v.string(), v.minLength(1)) });

/** One account's row actions: 编辑, 重置密码, 锁定 / 解锁, 停用 / 启用. */
export function AccountActions({
  row,
  roles,
  orgs,
}: {
  row: PermitAccount;
  roles: SelectOption[];
  orgs: SelectOption[];
}) {
  const t = useT();
  const reload = useListReload();
  return (
    <>
      <EditButton<d.PermitAccountEdit>
        op="updatePermitAccount"
        title={`${t("permitAccount.edit")} · ${row.username}`}
        fields={[
          { key: "username", kind: "text", label: t("permitAccount.username"), readOnly: true },
          ...accountFields(t, roles, orgs, row.mobile),
        ]}
        schema={d.PermitAccountEditSchema}
        initial={() => ({
          username: row.username,
          realName: row.realName,
          // Lists show the mobile masked: left empty it stays as it is.
          mobile: null,
          email: row.email || null,
          orgId: row.orgId,
          roleIds: row.roles.map((r) => r.roleId),
        })}
        save={(a) =>
          updatePermitAccount({
            accountId: row.accountId,
            realName: a.realName,
            ...(a.mobile ? { mobile: a.mobile } : {}),
            email: a.email ?? "",
            orgId: a.orgId,
            roleIds: a.roleIds,
          })
        }
      />
      <EditButton<{ password: string }>
        op="resetPermitAccountPassword"
        label={t("permitAccount.resetPassword")}
        title={t("permitAccount.resetTitle", { name: row.username })}
        fields={[
          {
            key: "password",
            kind: "password",
            label: t("permitAccount.newPassword"),
            required: true,
            placeholder: t("permitAccount.passwordHint"),
          },
        ]}
        schema={PasswordSchema}
        initial={() => ({ password: "" })}
        save={(a) => resetPermitAccountPassword(row.accountId, a.password)}
        onSaved={reload}
      />
      {row.state === "locked" ? (
        <StatusButton row={row} action="unlock" />
      ) : (
        row.state === "active" && <StatusButton row={row} action="lock" />
      )}
      <StatusButton row={row} action={row.status === "disabled" ? "enable" : "disable"} />
    </>
  );
}

/** 锁定 / 解锁 / 停用 / 启用 after a confirm naming the account; a refusal (the guard rails) is toasted by the shell. */
function StatusButton({ row, action }: { row: PermitAccount; action: d.PermitAccountAction }) {
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!can("setPermitAccountStatus")) return null;
  const word = t(`permitAccount.${action}`);
  return (
    <>
      <button
        type="button"
        className={buttonClass("link", action === "disable" ? "text-red-600" : undefined)}
        onClick={() => setAsking(true)}
      >
        {word}
      </button>
      <ConfirmDialog
        open={asking}
        title={word}
        confirmText={word}
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await setPermitAccountStatus(row.accountId, action);
            toast.success(t("permitAccount.done", { action: word }));
            setAsking(false);
            reload();
          } catch {
            // Toasted by the shell.
          } finally {
            setBusy(false);
          }
        }}
      >
        {t("permitAccount.confirmAction", { action: word, name: row.username })}
      </ConfirmDialog>
    </>
  );
}
