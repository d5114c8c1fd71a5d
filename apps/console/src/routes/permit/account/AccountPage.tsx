import * as d from "@tsp/domain";
import { actionsColumn, enumColumn, type FormField, type SelectOption } from "@tsp/ui";
import * as v from "valibot";
import {
  createPermitAccount,
  exportPermitAccounts,
  listPermitAccounts,
  type PermitAccount as Row,
} from "../../../api/permitAccounts";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { EditButton } from "../../../kit/RowActions";
import { AccountActions, accountFields } from "./AccountActions";
import { usePermitChoices } from "./usePermitChoices";
import "../../../i18n/screens/permitAccounts";

/**
 * 账号管理 (/permit/account): the tenant's accounts within the caller's data scope — search by
 * username, name, mobile, state, role and organisation (an organisation lists its subtree); the
 * mobile masked; 新增账号 with an initial password (RSA-encrypted on its way), 编辑 with the roles
 * held, 重置密码, 锁定 / 解锁 (the failed-sign-in lockout shows and can be lifted), 停用 / 启用, 导出.
 */
const filters = d.filterCodec(
  v.object({
    username: d.textFilter(32),
    realName: d.textFilter(32),
    mobile: d.textFilter(11),
    status: d.choiceFilter(["active", "locked", "disabled"]),
    roleId: d.textFilter(10),
    orgId: d.textFilter(10),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
const query = (f: Filters) => ({
  ...(f.username ? { username: f.username } : {}),
  ...(f.realName ? { realName: f.realName } : {}),
  ...(f.mobile ? { mobile: f.mobile } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(/^\d+$/.test(f.roleId) ? { roleId: Number(f.roleId) } : {}),
  ...(/^\d+$/.test(f.orgId) ? { orgId: Number(f.orgId) } : {}),
});

type NewAccount = d.PermitAccountEdit & { password: string };
const NewAccountSchema = v.object({
  ...d.PermitAccountEditSchema.entries,
  password: v.pipe(v.string(), v.minLength(1)),
});

/** 新增账号 beside the heading, with the create call's permission. */
function AddAccount({ t, roles, orgs }: { t: Translate; roles: SelectOption[]; orgs: SelectOption[] }) {
  const reload = useListReload();
  const fields: FormField[] = [
    { key: "username", kind: "text", label: t("permitAccount.username"), required: true, maxLength: 32 },
    ...accountFields(t, roles, orgs),
    {
      key: "password",
      kind: "password",
      label: t("permitAccount.password"),
      required: true,
      placeholder: t("permitAccount.passwordHint"),
    },
  ];
  return (
    <EditButton<NewAccount>
      op="createPermitAccount"
      label={t("permitAccount.add")}
      title={t("permitAccount.add")}
      fields={fields}
      schema={NewAccountSchema}
      initial={() => ({ username: "", realName: "", mobile: null, email: null, orgId: 0, roleIds: [], password: "" })}
      save={(a) => createPermitAccount({ ...a, mobile: a.mobile ?? "", email: a.email ?? "" })}
      onSaved={reload}
    />
  );
}

/** The heading's 新增账号 (a render function, so the list page places it). */
const addButton = (t: Translate, roles: SelectOption[], orgs: SelectOption[]) => () => (
  <AddAccount t={t} roles={roles} orgs={orgs} />
);
const rowActions = (roles: SelectOption[], orgs: SelectOption[]) => (row: Row) => (
  <AccountActions row={row} roles={roles} orgs={orgs} />
);

export default function AccountPage() {
  const t = useT();
  const choices = usePermitChoices();
  const states = catalogueEnum(t, "permitAccount.state", ["active", "locked", "disabled"], {
    active: "green",
    locked: "amber",
    disabled: "red",
  });
  const actions = rowActions(choices.roleOptions, choices.orgOptions);
  return (
    <ListPage
      screen="permitAccount"
      title={t("permitAccount.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        listPermitAccounts({ ...query(f), pageNum, pageSize }, signal)
      }
      titleExtra={addButton(t, choices.roleOptions, choices.orgOptions)}
      exportAs={{ op: "exportPermitAccounts", run: (f) => exportPermitAccounts(query(f)) }}
      search={[
        { kind: "text", key: "username", label: t("permitAccount.username") },
        { kind: "text", key: "realName", label: t("permitAccount.realName") },
        { kind: "text", key: "mobile", label: t("permitAccount.mobile") },
        { kind: "choice", key: "status", label: t("permitAccount.state"), options: states.options },
        { kind: "choice", key: "roleId", label: t("permitAccount.role"), options: choices.roleOptions },
        { kind: "choice", key: "orgId", label: t("permitAccount.org"), options: choices.orgOptions },
      ]}
      rowKey={(row) => String(row.accountId)}
      columns={[
        { key: "username", title: t("permitAccount.username"), width: 130 },
        { key: "realName", title: t("permitAccount.realName"), width: 110 },
        { key: "mobile", title: t("permitAccount.mobile"), width: 120 },
        { key: "orgName", title: t("permitAccount.org"), width: 120 },
        {
          key: "roles",
          title: t("permitAccount.roles"),
          width: 160,
          render: (r) => r.roles.map((x) => x.roleName).join("、"),
        },
        enumColumn<Row>("state", t("permitAccount.state"), states.badges),
        {
          key: "failedCount",
          title: t("permitAccount.failed"),
          width: 150,
          render: (r) =>
            r.lockedUntil
              ? t("permitAccount.lockedUntil", { time: formatDateTime(r.lockedUntil) })
              : String(r.failedCount),
        },
        {
          key: "lastLoginAt",
          title: t("permitAccount.lastLogin"),
          width: 160,
          render: (r) => (r.lastLoginAt ? formatDateTime(r.lastLoginAt) : ""),
        },
        actionsColumn<Row>(t("kit.actions"), actions, 250),
      ]}
    />
  );
}
