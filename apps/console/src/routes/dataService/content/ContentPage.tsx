import * as d from "@tsp/domain";
import {
  actionsColumn,
  buttonClass,
  type Column,
  ConfirmDialog,
  Dialog,
  enumColumn,
  inputClass,
  RichTextEditor,
  type SelectOption,
  sanitizeHtml,
  useToast,
} from "@tsp/ui";
import { useEffect, useId, useState } from "react";
import * as v from "valibot";
import {
  type ContentDetail,
  type ContentRow,
  createContent,
  deleteContent,
  exportContents,
  getContent,
  listContents,
  listModelOptions,
  offlineContent,
  publishContent,
  updateContent,
  uploadContentImage,
} from "../../../api/content";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { ListPage, useListReload } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { DeleteButton } from "../../../kit/RowActions";
import { useCan } from "../../../permission/useCan";
import "../../../i18n/screens/content";

/**
 * 车载内容管理 (/dataService/content): content pushed to the head units — search by title,
 * type, state and target model; 预览 shows the stored body (sanitised by the server, and once
 * more by DOMPurify here); a draft or a taken-down item is edited in the rich-text editor;
 * 发布 and 下线 are buttons of their own permissions; a draft may be deleted; 导出.
 */
const filters = d.filterCodec(
  v.object({
    title: d.textFilter(60),
    contentType: d.choiceFilter(["", ...d.CONTENT_TYPES]),
    state: d.choiceFilter(["", ...d.CONTENT_STATES]),
    modelId: d.textFilter(10),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;
const query = (f: Filters) => ({
  ...(f.title ? { title: f.title } : {}),
  ...(f.contentType ? { contentType: f.contentType as d.ContentType } : {}),
  ...(f.state ? { state: f.state as d.ContentState } : {}),
  ...(f.modelId ? { modelId: Number(f.modelId) } : {}),
});

/** yyyy-MM-ddTHH:mm in local time, as a datetime-local box shows it. */
const localInput = (ms: number | null) => {
  if (ms === null) return "";
  const t = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return t.toISOString().slice(0, 16);
};
const fromInput = (s: string) => (s ? new Date(s).getTime() : Number.NaN);

interface Draft {
  title: string;
  contentType: string;
  modelIds: number[];
  from: string;
  to: string;
  body: string;
}

/** The create / edit dialog: the fields, the models as checkboxes, the window and the lazy rich-text editor. */
function ContentForm({
  title,
  initial,
  models,
  save,
  onClose,
}: {
  title: string;
  initial: Draft;
  models: readonly SelectOption[];
  save: (edit: d.ContentEdit) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => setDraft((x) => ({ ...x, ...patch }));
  const types = catalogueEnum(t, "content.contentType", d.CONTENT_TYPES).options;
  const submit = async () => {
    const checked = d.checkContentEdit({
      title: draft.title,
      contentType: draft.contentType,
      modelIds: draft.modelIds,
      publishFrom: fromInput(draft.from),
      publishTo: draft.to ? fromInput(draft.to) : null,
      body: draft.body,
    });
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.error.map((p) => [p.field, p.msg])));
      return;
    }
    setErrors({});
    try {
      await save(checked.value);
      toast.success(t("content.saved"));
      onClose();
    } catch {
      // Toasted by the shell; the draft stays.
    }
  };
  const error = (k: string) =>
    errors[k] ? (
      <p className="mt-1 text-xs text-red-600" role="alert">
        {errors[k]}
      </p>
    ) : null;
  const label = "mb-1 block text-sm font-medium text-slate-700";
  return (
    <Dialog open title={title} width={860} onClose={onClose} onConfirm={submit}>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label className={label} htmlFor={`${id}-title`}>
            {t("content.title")}
          </label>
          <input
            id={`${id}-title`}
            className={inputClass("w-full", !!errors.title)}
            maxLength={d.CONTENT_TITLE_MAX}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
          />
          {error("title")}
        </div>
        <div>
          <label className={label} htmlFor={`${id}-type`}>
            {t("content.contentType")}
          </label>
          <select
            id={`${id}-type`}
            className={inputClass("w-full", !!errors.contentType)}
            value={draft.contentType}
            onChange={(e) => set({ contentType: e.target.value })}
          >
            {types.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {error("contentType")}
        </div>
        <div>
          <label className={label} htmlFor={`${id}-from`}>
            {t("content.publishFrom")}
          </label>
          <input
            id={`${id}-from`}
            type="datetime-local"
            className={inputClass("w-full", !!errors.publishFrom)}
            value={draft.from}
            onChange={(e) => set({ from: e.target.value })}
          />
          {error("publishFrom")}
        </div>
        <div>
          <label className={label} htmlFor={`${id}-to`}>
            {t("content.publishTo")}
          </label>
          <input
            id={`${id}-to`}
            type="datetime-local"
            className={inputClass("w-full", !!errors.publishTo)}
            value={draft.to}
            onChange={(e) => set({ to: e.target.value })}
          />
          {error("publishTo")}
        </div>
      </div>
      <fieldset className="mt-4">
        <legend className={label}>{t("content.model")}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {models.map((m) => (
            <label key={m.value} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={draft.modelIds.includes(Number(m.value))}
                onChange={(e) =>
                  set({
                    modelIds: e.target.checked
                      ? [...draft.modelIds, Number(m.value)]
                      : draft.modelIds.filter((x) => x !== Number(m.value)),
                  })
                }
              />
              {m.label}
            </label>
          ))}
        </div>
        {error("modelIds")}
      </fieldset>
      <div className="mt-4">
        <RichTextEditor
          label={t("content.body")}
          value={draft.body}
          onChange={(body) => set({ body })}
          upload={uploadContentImage}
          changeDelayMs={0}
        />
        {error("body")}
      </div>
    </Dialog>
  );
}

const emptyDraft = (): Draft => ({
  title: "",
  contentType: "notice",
  modelIds: [],
  from: localInput(Date.now()),
  to: "",
  body: "",
});

/** The stored markup's look in the preview (headings, lists, links, tables). */
const PREVIEW_CLASS =
  "max-h-[60vh] overflow-auto rounded border border-gray-200 p-4 text-sm text-gray-800 [&_a]:text-blue-700 [&_a]:underline [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:my-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:bg-gray-50 [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6";

/** 预览: the stored body, through DOMPurify once more, with the item's facts. */
function PreviewButton({ row }: { row: ContentRow }) {
  const t = useT();
  const [item, setItem] = useState<ContentDetail | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={async () => setItem(await getContent(row.contentId))}
      >
        {t("content.preview")}
      </button>
      <Dialog open={item !== null} title={row.title} width={760} onClose={() => setItem(null)}>
        {item && (
          <div>
            <p className="mb-2 text-sm text-slate-600">
              {item.modelNames.join("、")} · {formatDateTime(item.publishFrom)} ~{" "}
              {item.publishTo === null ? t("content.open") : formatDateTime(item.publishTo)}
            </p>
            <article
              data-testid="content-preview"
              className={PREVIEW_CLASS}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list and by DOMPurify here
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.body) }}
            />
          </div>
        )}
      </Dialog>
    </>
  );
}

/** 编辑 of a draft or taken-down item: the form starts from the stored item. */
function EditContentButton({ row, models }: { row: ContentRow; models: readonly SelectOption[] }) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const [item, setItem] = useState<ContentDetail | null>(null);
  if (!can("updateContent") || !d.contentEditable(row.state)) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={async () => setItem(await getContent(row.contentId))}
      >
        {t("content.edit")}
      </button>
      {item && (
        <ContentForm
          title={`${t("content.edit")} · ${item.title}`}
          models={models}
          initial={{
            title: item.title,
            contentType: item.contentType,
            modelIds: item.modelIds,
            from: localInput(item.publishFrom),
            to: localInput(item.publishTo),
            body: item.body,
          }}
          save={(edit) => updateContent({ ...edit, contentId: item.contentId, updatedAt: item.updatedAt })}
          onClose={() => {
            setItem(null);
            reload();
          }}
        />
      )}
    </>
  );
}

/** 发布 / 下线: asks first, then the transition under the version on screen. */
function TransitionButton({ row, action }: { row: ContentRow; action: "publish" | "offline" }) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const allowed = action === "publish" ? d.contentPublishable(row.state) : d.contentOfflinable(row.state);
  if (!can(action === "publish" ? "publishContent" : "offlineContent") || !allowed) return null;
  return (
    <>
      <button type="button" className={buttonClass("link")} onClick={() => setAsking(true)}>
        {t(action === "publish" ? "content.publish" : "content.offline")}
      </button>
      <ConfirmDialog
        open={asking}
        title={t(action === "publish" ? "content.publish" : "content.offline")}
        confirmText={t(action === "publish" ? "content.publish" : "content.offline")}
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await (action === "publish" ? publishContent : offlineContent)(row.contentId, row.updatedAt);
            toast.success(t(action === "publish" ? "content.published" : "content.offlined"));
            setAsking(false);
            reload();
          } catch {
            // Toasted by the shell.
          } finally {
            setBusy(false);
          }
        }}
      >
        {t(action === "publish" ? "content.publishAsk" : "content.offlineAsk", { name: row.title })}
      </ConfirmDialog>
    </>
  );
}

/** 新增 beside the heading. */
function AddButton({ models }: { models: readonly SelectOption[] }) {
  const t = useT();
  const can = useCan();
  const reload = useListReload();
  const [open, setOpen] = useState(false);
  if (!can("createContent")) return null;
  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)}>
        {t("content.add")}
      </button>
      {open && (
        <ContentForm
          title={`${t("content.add")} · ${t("content.heading")}`}
          models={models}
          initial={emptyDraft()}
          save={createContent}
          onClose={() => {
            setOpen(false);
            reload();
          }}
        />
      )}
    </>
  );
}

const modelText = (r: ContentRow) => r.modelNames.join("、");

/** The heading's 新增 (a render function, so the list page places it). */
const addButton = (models: readonly SelectOption[]) => () => <AddButton models={models} />;

function columns(t: Translate, models: readonly SelectOption[]): Column<ContentRow>[] {
  const types = catalogueEnum(t, "content.contentType", d.CONTENT_TYPES, { maintenance: "amber", event: "blue" });
  const states = catalogueEnum(t, "content.state", d.CONTENT_STATES, {
    published: "green",
    draft: "gray",
    offline: "red",
  });
  const window = (r: ContentRow) =>
    `${formatDateTime(r.publishFrom)} ~ ${r.publishTo === null ? t("content.open") : formatDateTime(r.publishTo)}`;
  return [
    { key: "title", title: t("content.title") },
    enumColumn<ContentRow>("contentType", t("content.contentType"), types.badges),
    { key: "modelNames", title: t("content.model"), render: modelText, text: modelText },
    { key: "publishFrom", title: t("content.window"), render: window, text: window },
    enumColumn<ContentRow>("state", t("content.state"), states.badges),
    {
      key: "updatedAt",
      title: t("content.updated"),
      render: (r) => `${r.updateName ?? ""} ${formatDateTime(r.updatedAt)}`.trim(),
    },
    actionsColumn<ContentRow>(
      t("kit.actions"),
      (row) => (
        <>
          <PreviewButton row={row} />
          <EditContentButton row={row} models={models} />
          <TransitionButton row={row} action="publish" />
          <TransitionButton row={row} action="offline" />
          {d.contentDeletable(row.state) && (
            <DeleteButton op="deleteContent" name={row.title} remove={() => deleteContent(row.contentId)} />
          )}
        </>
      ),
      240,
    ),
  ];
}

export default function ContentPage() {
  const t = useT();
  const [models, setModels] = useState<SelectOption[]>([]);
  useEffect(() => {
    listModelOptions().then(setModels, () => {});
  }, []);
  return (
    <ListPage
      screen="content"
      title={t("content.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) => listContents({ ...query(f), pageNum, pageSize }, signal)}
      exportAs={{ op: "exportContents", run: (f) => exportContents(query(f)) }}
      titleExtra={addButton(models)}
      search={[
        { kind: "text", key: "title", label: t("content.title") },
        {
          kind: "choice",
          key: "contentType",
          label: t("content.contentType"),
          options: catalogueEnum(t, "content.contentType", d.CONTENT_TYPES).options,
        },
        {
          kind: "choice",
          key: "state",
          label: t("content.state"),
          options: catalogueEnum(t, "content.state", d.CONTENT_STATES).options,
        },
        { kind: "choice", key: "modelId", label: t("content.model"), options: models },
      ]}
      rowKey={(row) => String(row.contentId)}
      columns={columns(t, models)}
    />
  );
}
