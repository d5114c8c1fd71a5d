// The editor chunk (Tiptap / ProseMirror, DOMPurify). Import through ../lazy, not directly.
export { RichTextEditor, type RichTextEditorProps } from "./RichTextEditor";
