import * as d from "@tsp/domain";
import { actionsColumn, buttonClass, Dialog, dateTimeColumn, enumColumn, FormDialog, useToast } from "@tsp/ui";
import { createContext, useContext, useEffect, useState } from "react";
import * as v from "valibot";
import * as commands from "../../../../api/commands";
import * as api from "../../../../api/multimedia";
import { useT } from "../../../../i18n/i18n";
import { ListPage, useListReload } from "../../../../kit/ListPage";
import { catalogueEnum } from "../../../../kit/options";
import { refusalByField } from "../../../../kit/RowActions";
import { useCan } from "../../../../permission/useCan";
import { CommandTimeline } from "../../commands/CommandTimeline";
import { stateTones } from "../../commands/stateTones";
import { TimelineButton } from "../../commands/TimelineDialog";
import { MediaThumb } from "../mediaParts";
import "../../../../i18n/screens/commands";
import "../../../../i18n/screens/multimedia";

type Row = commands.Command;

const filters = d.filterCodec(v.object({ vin: d.textFilter(17), state: d.choiceFilter(commands.COMMAND_STATES) }));

/** What the operator chooses; the rest of 0x8801 takes the usual middle values. */
interface ShootForm extends Record<string, unknown> {
  vin: string;
  channel: number | null;
  mode: string;
  count: number | null;
  interval: number | null;
  resolution: string;
  quality: number | null;
}
const DEFAULTS: d.Jt808CameraShoot = {
  channel: 1,
  command: 1,
  interval: 0,
  save: 0,
  resolution: 1,
  quality: 5,
  brightness: 128,
  contrast: 64,
  saturation: 64,
  chroma: 128,
};
/** The domain's message for one field of 0x8801, or null. */
const problemOf = (field: keyof d.Jt808CameraShoot, value: unknown) =>
  typeof value !== "number" ? null : (d.cameraShootProblem({ ...DEFAULTS, [field]: value })?.message ?? null);
const shootField = (field: keyof d.Jt808CameraShoot, label: string) =>
  v.pipe(
    v.nullable(v.number()),
    v.check((n) => n !== null, `请输入${label}`),
    v.check(
      (n) => problemOf(field, n) === null,
      (issue) => problemOf(field, issue.input) ?? "",
    ),
  );
const ShootSchema = v.object({
  vin: v.pipe(
    v.string(),
    v.check((s) => d.vinProblem(s) === null, "请输入正确的17位VIN"),
  ),
  channel: shootField("channel", "通道"),
  mode: v.picklist(["photo", "record"]),
  count: v.pipe(
    v.nullable(v.number()),
    v.check((n) => n !== null && Number.isInteger(n) && n >= 1 && n <= 10, "张数应为1–10的整数"),
  ),
  interval: shootField("interval", "间隔"),
  resolution: v.string(),
  quality: shootField("quality", "图像质量"),
});

/** Opens the watch of a shot just sent (the page's state, reached from the heading's button). */
const WatchContext = createContext<(c: Row) => void>(() => undefined);

/** 立即拍摄: VIN from the JT/T 808 vehicles (findList), channel and how; then the shot is watched. */
function ShootButton() {
  const onShot = useContext(WatchContext);
  const t = useT();
  const can = useCan();
  const toast = useToast();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  const [vins, setVins] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    api.findJsatlVehicles("", abort.signal).then(
      (page) => setVins(page.list.map((x) => x.vin)),
      () => undefined,
    );
    return () => abort.abort();
  }, [open]);
  if (!can("sendCameraShoot")) return null;
  const resolutions = d.JT808_CAMERA_RESOLUTIONS.map((_, i) => ({
    value: String(i + 1),
    label: t(`media.resolution.${i + 1}` as "media.resolution.1"),
  }));
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("media.shootNow")}
      </button>
      {open && (
        <FormDialog<ShootForm>
          open
          title={t("media.shootTitle")}
          fields={[
            {
              key: "vin",
              kind: "text",
              label: t("media.vinPick"),
              required: true,
              maxLength: 17,
              suggestions: vins,
              placeholder: t("media.vinHint"),
            },
            { key: "channel", kind: "number", label: t("media.channel"), required: true },
            {
              key: "mode",
              kind: "select",
              label: t("media.mode"),
              options: [
                { value: "photo", label: t("media.mode.photo") },
                { value: "record", label: t("media.mode.record") },
              ],
            },
            { key: "count", kind: "number", label: t("media.count") },
            { key: "interval", kind: "number", label: t("media.interval") },
            { key: "resolution", kind: "select", label: t("media.resolution"), options: resolutions },
            { key: "quality", kind: "number", label: t("media.quality") },
          ]}
          initial={{ vin: "", channel: 1, mode: "photo", count: 1, interval: 0, resolution: "1", quality: 5 }}
          schema={ShootSchema}
          onClose={() => setOpen(false)}
          onSubmit={async (f) => {
            try {
              const c = await api.sendCameraShoot(f.vin, {
                ...DEFAULTS,
                channel: f.channel ?? 1,
                command: f.mode === "record" ? d.JT808_CAMERA_RECORD : (f.count ?? 1),
                interval: f.interval ?? 0,
                resolution: Number(f.resolution),
                quality: f.quality ?? 5,
              });
              toast.success(t("media.shootQueued", { id: c.id }));
              setOpen(false);
              onShot(c);
              reload();
              return null;
            } catch (error) {
              return refusalByField(error) ?? {};
            }
          }}
        />
      )}
    </>
  );
}

/** The photos a shoot command brought, read every 2 s until they are in. */
function ShotPhotos({ command }: { command: Row }) {
  const t = useT();
  const [photos, setPhotos] = useState<api.Media[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      api.listMedia({ commandId: command.id, pageNum: 1, pageSize: 20 }, abort.signal).then(
        (page) => {
          setPhotos(page.list);
          if (page.list.length === 0 || page.list.some((m) => m.url === null)) timer = setTimeout(load, 2000);
        },
        () => undefined,
      );
    void load();
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
    };
  }, [command.id]);
  if (photos === null || photos.length === 0) return <p role="status">{t("media.waitingPhotos")}</p>;
  return (
    <ul
      aria-label={t("media.photosOf", { id: command.id })}
      style={{ display: "flex", gap: 8, listStyle: "none", padding: 0 }}
    >
      {photos.map((m) => (
        <li key={m.id}>
          <MediaThumb media={m} />
        </li>
      ))}
    </ul>
  );
}

/** A shot being watched: its timeline (queued → sent → acknowledged → success) and its photos. */
function ShotDialog({ command, onClose }: { command: Row; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open title={t("media.photosOf", { id: command.id })} onClose={onClose} width={760}>
      <ShotPhotos command={command} />
      <CommandTimeline vin={command.vin} />
    </Dialog>
  );
}

function PhotosButton({ row }: { row: Row }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setOpen(true)}>
        {t("media.photos")}
      </button>
      {open && <ShotDialog command={row} onClose={() => setOpen(false)} />}
    </>
  );
}

const shootExtra = () => <ShootButton />;
const rowButtons = (row: Row) => (
  <>
    <PhotosButton row={row} />
    <TimelineButton vin={row.vin} />
  </>
);

/**
 * 拍照/录像 (/tbox/visualization/media): camera commands (JT/T 808 0x8801) by VIN and state; 立即拍摄
 * behind its own permission picks a vehicle with a JT/T 808 terminal (the spec's findList), the
 * channel and how, then watches the command's timeline and the photos as they arrive (signed links).
 */
export default function MediaPage() {
  const t = useT();
  const [watching, setWatching] = useState<Row | null>(null);
  const states = catalogueEnum(t, "cmd.state", commands.COMMAND_STATES, stateTones);
  return (
    <WatchContext.Provider value={setWatching}>
      <ListPage
        screen="media"
        title={t("media.shoot.heading")}
        filters={filters}
        paging="numbered"
        poll={(rows) => (rows.some((r) => commands.isOpen(r.state)) ? 3000 : null)}
        load={({ filters: f, pageNum, pageSize, signal }) =>
          commands.listCommands(
            {
              kind: "cameraShoot",
              ...(f.vin ? { vin: f.vin } : {}),
              ...(f.state ? { state: f.state as commands.CommandState } : {}),
              pageNum,
              pageSize,
            },
            signal,
          )
        }
        search={[
          { kind: "text", key: "vin", label: t("media.vin") },
          { kind: "choice", key: "state", label: t("cmd.state"), options: states.options },
        ]}
        titleExtra={shootExtra}
        hint={t("media.hint")}
        rowKey={(row) => String(row.id)}
        columns={[
          { key: "id", title: t("cmd.id"), width: 90 },
          { key: "vin", title: t("media.vin"), width: 180 },
          {
            key: "channel",
            title: t("media.channel"),
            width: 90,
            render: (r) => (r.params.shoot ? t("media.channelN", { n: r.params.shoot.channel }) : ""),
          },
          enumColumn<Row>("state", t("cmd.state"), states.badges),
          { key: "sender", title: t("cmd.sender"), width: 100 },
          dateTimeColumn<Row>("createdAt", t("cmd.createdAt")),
          { key: "reason", title: t("cmd.reason"), width: 200, render: (r) => r.reason ?? "" },
          actionsColumn<Row>(t("kit.actions"), rowButtons, 150),
        ]}
      >
        {watching && <ShotDialog command={watching} onClose={() => setWatching(null)} />}
      </ListPage>
    </WatchContext.Provider>
  );
}
