import { formatDateTimeText } from "@tsp/domain";
import { buttonClass, type Column, Dialog, dateTimeColumn } from "@tsp/ui";
import { useState } from "react";
import type { Media } from "../../../api/multimedia";
import { type Translate, useT } from "../../../i18n/i18n";

const EVENT_KEYS = [
  "media.event.0",
  "media.event.1",
  "media.event.2",
  "media.event.3",
  "media.event.4",
  "media.event.5",
  "media.event.6",
  "media.event.7",
] as const;

/** What made the terminal shoot, in the catalogue's words. */
export function eventText(t: Translate, event: number): string {
  const key = EVENT_KEYS[event];
  return key === undefined ? String(event) : t(key);
}

/** The photo of a row: a thumbnail button opening the preview (nothing while only announced). */
export function MediaThumb({ media }: { media: Media }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (media.url === null) return <span>{t("media.notUploaded")}</span>;
  const label = t("media.previewOf", {
    vin: media.vin,
    channel: media.channel,
    time: formatDateTimeText(media.shotAt ?? media.receivedAt),
  });
  return (
    <>
      <button
        type="button"
        className="media-thumb"
        onClick={() => setOpen(true)}
        aria-label={`${t("media.preview")} ${label}`}
      >
        <img src={media.url} alt="" width={64} height={48} style={{ objectFit: "cover", display: "block" }} />
      </button>
      {open && <MediaPreview media={media} title={label} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The photo full size in a dialog, with its download link (the signed link, 5 minutes). */
export function MediaPreview({ media, title, onClose }: { media: Media; title: string; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open title={title} onClose={onClose} width={720}>
      {media.url && (
        <figure style={{ margin: 0 }}>
          <img src={media.url} alt={title} style={{ maxWidth: "100%", display: "block" }} />
          <figcaption style={{ marginTop: 8 }}>
            <a className={buttonClass("primary")} href={media.url} download={`${media.vin}_${media.id}.jpg`}>
              {t("media.download")}
            </a>
          </figcaption>
        </figure>
      )}
    </Dialog>
  );
}

/** The columns every media list shares: photo, vehicle, channel, trigger, times, position, size. */
export function mediaColumns(t: Translate): Column<Media>[] {
  return [
    { key: "photo", title: t("media.photos"), width: 90, render: (m) => <MediaThumb media={m} /> },
    { key: "vin", title: t("media.vin"), width: 180 },
    { key: "plateNo", title: t("media.plate"), width: 100, render: (m) => m.plateNo ?? "" },
    { key: "channel", title: t("media.channel"), width: 80, render: (m) => t("media.channelN", { n: m.channel }) },
    { key: "event", title: t("media.event"), width: 170, render: (m) => eventText(t, m.event) },
    dateTimeColumn<Media>("shotAt", t("media.shotAt")),
    dateTimeColumn<Media>("receivedAt", t("media.receivedAt")),
    {
      key: "position",
      title: t("media.position"),
      width: 170,
      render: (m) =>
        m.latitude === null || m.longitude === null ? "" : `${m.longitude.toFixed(5)}, ${m.latitude.toFixed(5)}`,
    },
    {
      key: "size",
      title: t("media.size"),
      width: 90,
      render: (m) => (m.size === null ? "" : `${(m.size / 1024).toFixed(1)} KB`),
    },
  ];
}
