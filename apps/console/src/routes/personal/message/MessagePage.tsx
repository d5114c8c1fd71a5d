import * as d from "@tsp/domain";
import { actionsColumn, Badge, buttonClass, type Column, dateTimeColumn, FormDialog, useToast } from "@tsp/ui";
import { useEffect, useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/operate";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { refusalByField } from "../../../kit/RowActions";
import { hashHref } from "../../../routing/hashLocation";
import { announceMessagesChanged } from "./unreadEvents";
import "../../../i18n/screens/carControl";
import "../../../i18n/screens/deviceHealth";
import "../../../i18n/screens/operateAlarms";

const filters = d.filterCodec(v.object({ kind: d.choiceFilter(d.MESSAGE_KINDS), unread: d.choiceFilter(["yes"]) }));
type Row = api.PersonalMessage;

/** The message in words: an alarm's level, name and vehicle, or the export's file. */
function textOf(t: Translate, m: Row): string {
  if (m.alarm && m.kind === "tamper")
    return (
      t("message.tamperText", { level: m.alarm.level, name: m.alarm.name, vin: m.alarm.vin }) +
      (m.alarm.endedAt === null ? t("message.alarmOngoing") : "")
    );
  if (m.alarm)
    return (
      t("message.alarmText", { level: m.alarm.level, name: m.alarm.name, vin: m.alarm.vin }) +
      (m.alarm.endedAt === null ? t("message.alarmOngoing") : "")
    );
  if (m.export)
    return t(m.export.status === "done" ? "message.exportDone" : "message.exportFailed", { file: m.export.fileName });
  if (m.command)
    return (
      t("message.carControlText", {
        action: d.REMOTE_ACTIONS[m.command.action as d.RemoteAction]?.name ?? m.command.action,
        result: t(`remind.result.${m.command.result}`),
        vin: m.command.vin,
      }) + (m.command.reason ? t("message.carControlReason", { reason: m.command.reason }) : "")
    );
  return "";
}

/** Where a message leads: the vehicle's alarms in 故障报警, its tamper alarms, its 车控提醒, or the export file list. */
const linkOf = (m: Row) =>
  m.command
    ? hashHref(`/carControlService/remind?vin=${m.command.vin}`)
    : m.kind === "tamper" && m.alarm
      ? hashHref(`/deviceManage/tamperAlarm?vin=${m.alarm.vin}`)
      : m.alarm
        ? hashHref(`/operate/alarm?vin=${m.alarm.vin}&start=${m.at - 60_000}`)
        : hashHref("/exportFile/index");

function MessageActions({ row }: { row: Row }) {
  const t = useT();
  const reload = useListReload();
  return (
    <>
      <a className={buttonClass("link")} href={linkOf(row)}>
        {t("message.open")}
      </a>
      {!row.read && (
        <button
          type="button"
          className={buttonClass("link")}
          aria-label={`${t("message.markRead")}：${textOf(t, row)}`}
          onClick={async () => {
            await api.markMessagesRead({ keys: [row.key] });
            announceMessagesChanged();
            reload();
          }}
        >
          {t("message.markRead")}
        </button>
      )}
    </>
  );
}

function columns(t: Translate): Column<Row>[] {
  return [
    dateTimeColumn<Row>("at", t("message.at")),
    {
      key: "kind",
      title: t("message.kind"),
      width: 80,
      render: (r) => (
        <Badge tone={r.kind === "export" ? "blue" : r.kind === "carControl" ? "amber" : "red"}>
          {t(`message.kind.${r.kind}`)}
        </Badge>
      ),
      text: (r) => t(`message.kind.${r.kind}`),
    },
    {
      key: "content",
      title: t("message.content"),
      width: 420,
      render: (r) => <span className={r.read ? "text-gray-600" : "font-medium text-gray-900"}>{textOf(t, r)}</span>,
      text: (r) => textOf(t, r),
    },
    {
      key: "read",
      title: t("message.read"),
      width: 70,
      render: (r) => (
        <Badge tone={r.read ? "gray" : "amber"}>{t(r.read ? "message.read.yes" : "message.read.no")}</Badge>
      ),
      text: (r) => t(r.read ? "message.read.yes" : "message.read.no"),
    },
    actionsColumn<Row>(t("kit.actions"), (row) => <MessageActions row={row} />, 150),
  ];
}

const SettingSchema = v.object({
  minLevel: v.pipe(v.string(), v.transform(Number), d.MessageSettingSchema.entries.minLevel),
  group: v.nullable(v.string()),
});

/** 消息设置: the lowest alarm level that is a message and, optionally, one group. */
function SettingButton({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<{ minLevel: string; group: string | null } | null>(null);
  const [groups, setGroups] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!open) return;
    void Promise.all([api.getMessageSetting(), api.listVehicleGroups({ pageNum: 1, pageSize: 200 })]).then(
      ([s, g]) => {
        setGroups(g.list.map((x) => ({ value: String(x.id), label: x.name })));
        setInitial({ minLevel: String(s.minLevel), group: s.groupId === null ? null : String(s.groupId) });
      },
      () => setOpen(false),
    );
  }, [open]);
  return (
    <>
      <button type="button" className={buttonClass("default")} onClick={() => setOpen(true)}>
        {t("message.setting")}
      </button>
      {open && initial && (
        <FormDialog
          open
          title={t("message.settingTitle")}
          fields={[
            {
              key: "minLevel",
              kind: "select",
              label: t("message.minLevel"),
              required: true,
              options: d.WORK_ALARM_LEVELS.map((l) => ({ value: String(l), label: t(`alarm.level.${l}`) })),
            },
            {
              key: "group",
              kind: "select",
              label: t("message.settingGroup"),
              options: groups,
              placeholder: t("message.allVehicles"),
            },
          ]}
          initial={initial as Record<string, unknown> as { minLevel: string; group: string | null }}
          schema={SettingSchema as never}
          onClose={() => {
            setOpen(false);
            setInitial(null);
          }}
          onSubmit={async (values) => {
            try {
              await api.setMessageSetting(Number(values.minLevel), values.group ? Number(values.group) : null);
            } catch (error) {
              return refusalByField(error) ?? {};
            }
            toast.success(t("message.saved"));
            setOpen(false);
            setInitial(null);
            announceMessagesChanged();
            onSaved();
            return null;
          }}
        />
      )}
    </>
  );
}

/**
 * 个人消息 (/personal/message): the signed-in account's messages — level-3 (or its chosen
 * level) alarms of the vehicles it may see, optionally of one group, its finished exports, and
 * the tamper alarms and remote-control reminders rules with 站内消息 send it —
 * newest first, filter by kind and unread, 查看 (the alarm in 故障报警 / the export file list),
 * 标为已读, 全部标为已读, 消息设置. Derived on read by the server; only read marks are stored.
 */
export default function MessagePage() {
  const t = useT();
  const toast = useToast();
  const [unread, setUnread] = useState<number | null>(null);
  const toolbar = (list: { reload: () => void }) => (
    <div className="flex items-center gap-2">
      {unread !== null && (
        <span className="text-sm text-gray-700" data-testid="message-unread">
          {t("message.unread", { n: unread })}
        </span>
      )}
      <button
        type="button"
        className={buttonClass("default")}
        disabled={unread === 0}
        onClick={async () => {
          await api.markMessagesRead({ all: true });
          toast.success(t("message.allRead"));
          announceMessagesChanged();
          list.reload();
        }}
      >
        {t("message.markAll")}
      </button>
      <SettingButton onSaved={list.reload} />
    </div>
  );
  return (
    <ListPage
      screen="personalMessage"
      title={t("message.heading")}
      filters={filters}
      paging="numbered"
      load={async ({ filters: f, pageNum, pageSize, signal }) => {
        const page = await api.listPersonalMessages(
          { ...(f.kind ? { kind: f.kind } : {}), ...(f.unread === "yes" ? { unread: true } : {}), pageNum, pageSize },
          signal,
        );
        setUnread(page.unread);
        return page;
      }}
      titleExtra={toolbar}
      search={[
        {
          kind: "choice",
          key: "kind",
          label: t("message.kind"),
          options: d.MESSAGE_KINDS.map((k) => ({ value: k, label: t(`message.kind.${k}`) })),
        },
        {
          kind: "choice",
          key: "unread",
          label: t("message.unreadOnly"),
          options: [{ value: "yes", label: t("message.unreadOnly.yes") }],
        },
      ]}
      hint={t("message.hint")}
      emptyText={t("message.noRows")}
      rowKey={(row) => row.key}
      columns={columns(t)}
    />
  );
}
