import { Image } from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import {
  EDITOR_CHANGE_DELAY_MS,
  EDITOR_MAX_IMAGES,
  IMAGE_TYPES,
  MSG_EDITOR_FILE_FORMAT_INCORRECT,
  MSG_UPLOAD_FAILED,
  uploadSizeProblem,
  uploadTypeProblem,
} from "@tsp/domain";
import { clsx } from "clsx";
import { useEffect, useId, useRef } from "react";
import { useToast } from "../feedback/Toasts";
import { fileMd5 } from "../upload/md5";
import type { UploadFn } from "../upload/types";
import { countImages, sanitizeHtml } from "./sanitize";

/** Props of {@link RichTextEditor}. */
export interface RichTextEditorProps {
  label: string;
  /** Starting HTML (sanitised before use). */
  value: string;
  /** Sanitised HTML, 500 ms after the last change. */
  onChange: (html: string) => void;
  /** Signed upload for inserted images. */
  upload: UploadFn;
  /** Image size limit in MB (default 2, the backend-upload default). */
  maxImageMb?: number;
  maxImages?: number;
  height?: number;
  changeDelayMs?: number;
}

/**
 * Rich-text editor on Tiptap (ProseMirror): headings, bold, italic, strike, lists, quote,
 * undo/redo and images uploaded through the injected signed upload (at most 5, with the size
 * message). What it emits is sanitised with DOMPurify, 500 ms after the last change.
 * Keyboard: the usual shortcuts (Ctrl+B, Ctrl+I, Ctrl+Z…); the toolbar is reachable by Tab.
 */
/** The toolbar's state of an editor that no longer exists: nothing active, no images. */
const NO_STATE = {
  bold: false,
  italic: false,
  strike: false,
  h2: false,
  bullet: false,
  ordered: false,
  quote: false,
  images: 0,
};

export function RichTextEditor({
  label,
  value,
  onChange,
  upload,
  maxImageMb = 2,
  maxImages = EDITOR_MAX_IMAGES,
  height = 240,
  changeDelayMs = EDITOR_CHANGE_DELAY_MS,
}: RichTextEditorProps) {
  const toast = useToast();
  const fileId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, underline: false }), Image.configure({ inline: false })],
    content: sanitizeHtml(value),
    immediatelyRender: true,
    editorProps: {
      attributes: {
        "aria-label": label,
        "aria-multiline": "true",
        role: "textbox",
        class:
          "prose-sm max-w-none px-3 py-2 focus:outline-none [&_img]:max-h-48 [&_img]:rounded [&_h2]:text-base [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:border-gray-200 [&_blockquote]:pl-3 [&_p]:my-1",
      },
    },
    onUpdate: ({ editor: e }) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(sanitizeHtml(e.getHTML())), changeDelayMs);
    },
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const active = useEditorState({
    editor,
    // Tiptap 3 may hand a destroyed editor (its schema and state nulled) to the selector while the
    // component unmounts or remounts: reading it threw "Cannot read properties of null (reading
    // 'cached')" into the error boundary (seen once in the browser suite). A destroyed editor has no state.
    selector: ({ editor: e }) =>
      e.isDestroyed
        ? NO_STATE
        : {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            strike: e.isActive("strike"),
            h2: e.isActive("heading", { level: 2 }),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            quote: e.isActive("blockquote"),
            images: countImages(e.getHTML()),
          },
  });

  const insertImage = async (file: File) => {
    // Business §8: the editor speaks its own bad-file sentence (ASCII comma) and 图片大小不能超过{n}M.
    if (uploadTypeProblem(file.name, "image")) {
      toast.warning(MSG_EDITOR_FILE_FORMAT_INCORRECT);
      return;
    }
    const tooBig = uploadSizeProblem(file.size, maxImageMb, "editorImage");
    if (tooBig) {
      toast.warning(tooBig);
      return;
    }
    if (countImages(editor.getHTML()) >= maxImages) {
      toast.warning(`最多插入${maxImages}张图片`);
      return;
    }
    try {
      const md5 = await fileMd5(file);
      const res = await upload(file, {
        objectKey: md5,
        contentType: file.type || "application/octet-stream",
        onProgress: () => {},
        signal: new AbortController().signal,
      });
      editor.chain().focus().setImage({ src: res.url, alt: file.name }).run();
    } catch {
      toast.error(MSG_UPLOAD_FAILED);
    }
  };

  const tools: { key: keyof typeof active; label: string; text: string; run: () => void }[] = [
    { key: "h2", label: "标题", text: "H", run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
    { key: "bold", label: "加粗", text: "B", run: () => editor.chain().focus().toggleBold().run() },
    { key: "italic", label: "斜体", text: "I", run: () => editor.chain().focus().toggleItalic().run() },
    { key: "strike", label: "删除线", text: "S", run: () => editor.chain().focus().toggleStrike().run() },
    { key: "bullet", label: "无序列表", text: "•", run: () => editor.chain().focus().toggleBulletList().run() },
    { key: "ordered", label: "有序列表", text: "1.", run: () => editor.chain().focus().toggleOrderedList().run() },
    { key: "quote", label: "引用", text: "“", run: () => editor.chain().focus().toggleBlockquote().run() },
  ];
  const full = active.images >= maxImages;

  return (
    <div className="rounded border border-gray-300 bg-white text-sm focus-within:border-blue-600">
      <div
        role="toolbar"
        aria-label={`${label}工具栏`}
        className="flex flex-wrap items-center gap-1 border-b border-gray-200 px-2 py-1"
      >
        {tools.map((t) => (
          <button
            key={t.key}
            type="button"
            aria-label={t.label}
            aria-pressed={Boolean(active[t.key])}
            className={clsx(
              "flex h-7 min-w-7 items-center justify-center rounded px-1.5 font-medium text-gray-600 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40",
              active[t.key] && "bg-blue-50 text-blue-700",
              t.key === "italic" && "italic",
              t.key === "strike" && "line-through",
            )}
            onClick={t.run}
          >
            {t.text}
          </button>
        ))}
        <span className="mx-1 h-4 w-px bg-gray-200" aria-hidden="true" />
        <label
          htmlFor={fileId}
          className={clsx(
            "flex h-7 cursor-pointer items-center rounded px-1.5 text-gray-600 hover:bg-gray-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600/40",
            full && "cursor-not-allowed opacity-40",
          )}
        >
          图片 {active.images}/{maxImages}
          <input
            id={fileId}
            type="file"
            accept={IMAGE_TYPES.map((e) => `.${e}`).join(",")}
            className="sr-only"
            aria-label="插入图片"
            disabled={full}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = "";
              if (f) void insertImage(f);
            }}
          />
        </label>
        <button
          type="button"
          aria-label="撤销"
          className="ml-auto flex h-7 items-center rounded px-1.5 text-gray-600 hover:bg-gray-100"
          onClick={() => editor.chain().focus().undo().run()}
        >
          ↶
        </button>
        <button
          type="button"
          aria-label="重做"
          className="flex h-7 items-center rounded px-1.5 text-gray-600 hover:bg-gray-100"
          onClick={() => editor.chain().focus().redo().run()}
        >
          ↷
        </button>
      </div>
      <EditorContent editor={editor} className="overflow-auto" style={{ height }} />
    </div>
  );
}
