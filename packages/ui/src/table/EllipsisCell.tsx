import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";

/**
 * One-line cell that truncates long text (e.g. a GB/T 32960 raw frame). The full text is on
 * demand: hover shows it as a tooltip, click or Enter opens a popover that can be selected and
 * copied; Escape closes it.
 */
export function EllipsisCell({ text }: { text: string }) {
  if (!text) return <span className="text-gray-500">-</span>;
  return (
    <Popover className="relative min-w-0">
      <PopoverButton
        title={text}
        aria-label={`查看全文：${text.length > 40 ? `${text.slice(0, 40)}…` : text}`}
        className="block w-full truncate text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
      >
        {text}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-50 max-w-[min(40rem,90vw)] rounded border border-gray-200 bg-white p-3 font-mono text-xs break-all whitespace-pre-wrap text-gray-700 shadow-lg select-text"
      >
        {text}
      </PopoverPanel>
    </Popover>
  );
}
