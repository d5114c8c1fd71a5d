import * as d from "@tsp/domain";
import { actionsColumn, enumColumn, type FormField } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../api/notRoadFour";
import { formatDateTime } from "../../format/dateTime";
import { type Translate, useT } from "../../i18n/i18n";
import { ListPage, useListReload } from "../../kit/ListPage";
import { catalogueEnum } from "../../kit/options";
import { DeleteButton, EditButton } from "../../kit/RowActions";
import "../../i18n/screens/notRoadFour";
import "../../i18n/screens/registers";

type Row = api.ForwardPlatform;
const PROTOCOLS = Object.keys(d.FORWARD_PROTOCOL_LABELS) as [d.ForwardProtocol, ...d.ForwardProtocol[]];
const filters = d.filterCodec(v.object({ keyWords: d.textFilter(50), protocol: d.choiceFilter(PROTOCOLS) }));

/** The platform form; on an edit the password field is empty and left empty keeps the stored one. */
function fields(t: Translate, creating: boolean): FormField[] {
  return [
    { key: "name", label: t("nr4.platform.name"), kind: "text", required: true, maxLength: 40 },
    { key: "host", label: t("nr4.platform.host"), kind: "text", required: true, maxLength: 253 },
    { key: "port", label: t("nr4.platform.port"), kind: "number", required: true },
    {
      key: "protocol",
      label: t("nr4.platform.protocol"),
      kind: "select",
      required: true,
      options: PROTOCOLS.map((p) => ({ value: p, label: t(`nr4.platform.protocol.${p}`) })),
    },
    { key: "account", label: t("nr4.platform.account"), kind: "text", required: true, maxLength: 12 },
    {
      key: "password",
      label: creating ? t("nr4.platform.password") : t("nr4.platform.passwordKeep"),
      kind: "password",
      required: creating,
      maxLength: 20,
    },
    { key: "enabled", label: t("nr4.platform.enabled.true"), kind: "checkbox" },
  ];
}

/** 新增平台 beside the heading. */
function AddPlatform() {
  const t = useT();
  const reload = useListReload();
  return (
    <EditButton
      op="createForwardPlatform"
      label={t("nr4.platform.add")}
      title={t("nr4.platform.add")}
      fields={fields(t, true)}
      schema={d.platformAccountSchema(true)}
      initial={() =>
        ({ name: "", host: "", port: 19006, protocol: "hj1239", account: "", password: "", enabled: true }) as never
      }
      save={(values) => api.createForwardPlatform(values as api.PlatformBody)}
      onSaved={reload}
    />
  );
}

/** The heading's 新增平台 (a render function, so the list page places it). */
const addPlatform = () => <AddPlatform />;

/**
 * 转发平台账号 (/notRoadFour/platformAccount): the platforms the machines' data is forwarded to.
 * The password is write-only: the list shows 已设置, an edit leaves it empty to keep it.
 */
export default function PlatformAccountPage() {
  const t = useT();
  const protocols = catalogueEnum(t, "nr4.platform.protocol", PROTOCOLS);
  const states = catalogueEnum(t, "nr4.platform.enabled", ["true", "false"], { true: "green", false: "gray" });
  const actions = (row: Row) => (
    <>
      <EditButton
        op="updateForwardPlatform"
        title={`${t("kit.edit")} · ${row.name}`}
        fields={fields(t, false)}
        schema={d.platformAccountSchema(false)}
        initial={() =>
          ({
            name: row.name,
            host: row.host,
            port: row.port,
            protocol: row.protocol,
            account: row.account,
            password: "",
            enabled: row.enabled,
          }) as never
        }
        save={(values) =>
          api.updateForwardPlatform({
            ...(values as api.PlatformBody),
            password: (values as api.PlatformBody).password ?? null,
            id: row.id,
            updatedAt: row.updatedAt,
          })
        }
      />
      <DeleteButton op="deleteForwardPlatform" name={row.name} remove={() => api.deleteForwardPlatform(row.id)} />
    </>
  );
  return (
    <ListPage
      screen="platformAccount"
      title={t("nr4.platform.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listForwardPlatforms(
          {
            ...(f.keyWords ? { keyWords: f.keyWords } : {}),
            ...(f.protocol ? { protocol: f.protocol } : {}),
            pageNum,
            pageSize,
          },
          signal,
        )
      }
      titleExtra={addPlatform}
      search={[
        { kind: "text", key: "keyWords", label: t("reg.keyWords") },
        { kind: "choice", key: "protocol", label: t("nr4.platform.protocol"), options: protocols.options },
      ]}
      rowKey={(row) => String(row.id)}
      columns={[
        { key: "name", title: t("nr4.platform.name") },
        { key: "host", title: t("nr4.platform.host") },
        { key: "port", title: t("nr4.platform.port"), width: 80 },
        enumColumn<Row>("protocol", t("nr4.platform.protocol"), protocols.badges),
        { key: "account", title: t("nr4.platform.account"), width: 110 },
        {
          key: "passwordSet",
          title: t("nr4.platform.password"),
          width: 90,
          render: (r) => (r.passwordSet ? t("nr4.platform.passwordSet") : ""),
        },
        {
          key: "enabled",
          title: t("nr4.platform.enabled"),
          width: 80,
          render: (r) => states.badges[String(r.enabled)]?.label ?? "",
        },
        { key: "machines", title: t("nr4.platform.machines"), width: 100 },
        {
          key: "updatedAt",
          title: t("nr4.platform.updated"),
          render: (r) => `${r.updateName ?? ""} ${formatDateTime(r.updatedAt)}`.trim(),
        },
        actionsColumn<Row>(t("kit.actions"), actions, 110),
      ]}
    />
  );
}
