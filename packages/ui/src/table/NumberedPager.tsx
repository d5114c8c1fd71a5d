import { PAGE_SIZES } from "@tsp/domain";
import { clsx } from "clsx";
import { useUiText, withN } from "../kit/uiText";
import { buttonClass, inputClass } from "../theme/classes";

/** Props of {@link NumberedPager}. */
export interface NumberedPagerProps {
  /** Current page, from 1 (spec §3). */
  pageNum: number;
  pageSize: number;
  total: number;
  onChange: (pageNum: number, pageSize: number) => void;
  disabled?: boolean;
}

/** Page numbers to show: first, last, current ±2, and gaps as null. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 2) out.push(p);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}

/**
 * Numbered paging (pageNum / pageSize / total): 共 n 条, a size select (10/20/50/100; a new
 * size goes back to page 1), previous/next and page buttons.
 */
export function NumberedPager({ pageNum, pageSize, total, onChange, disabled }: NumberedPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const text = useUiText();
  return (
    <nav aria-label={text.paging} className="flex flex-wrap items-center justify-end gap-2 text-sm text-gray-600">
      <span>{withN(text.totalRows, total)}</span>
      <select
        aria-label={text.pageSize}
        className={inputClass("w-24")}
        value={pageSize}
        disabled={disabled}
        onChange={(e) => onChange(1, Number(e.target.value))}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {withN(text.perPage, s)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={buttonClass("default", "px-2")}
        aria-label={text.previous}
        disabled={disabled || pageNum <= 1}
        onClick={() => onChange(pageNum - 1, pageSize)}
      >
        ‹
      </button>
      {pageWindow(pageNum, pages).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
          <span key={`gap-${i}`} aria-hidden="true" className="px-1">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-label={withN(text.pageNo, p)}
            aria-current={p === pageNum ? "page" : undefined}
            disabled={disabled}
            className={clsx(
              buttonClass(p === pageNum ? "primary" : "default", "min-w-8 px-2"),
              p === pageNum && "pointer-events-none",
            )}
            onClick={() => onChange(p, pageSize)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className={buttonClass("default", "px-2")}
        aria-label={text.next}
        disabled={disabled || pageNum >= pages}
        onClick={() => onChange(pageNum + 1, pageSize)}
      >
        ›
      </button>
    </nav>
  );
}
