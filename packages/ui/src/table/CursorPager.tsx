import { buttonClass } from "../theme/classes";

/** Props of {@link CursorPager}. */
export interface CursorPagerProps {
  /** 1-based number of the page on screen (the depth of the cursor stack + 1). */
  page: number;
  /** The last answer's nextKey; 下一页 is offered only while it exists (spec §2). */
  nextKey: string | null | undefined;
  /** True when there is a page to go back to (the stack of earlier row keys is not empty). */
  canGoBack: boolean;
  onNext: () => void;
  onBack: () => void;
  disabled?: boolean;
}

/**
 * Row-key cursor paging (journals): the answer carries a nextKey; 下一页 follows it, 上一页
 * pops the stack of earlier keys. There is no total, so no page count.
 */
export function CursorPager({ page, nextKey, canGoBack, onNext, onBack, disabled }: CursorPagerProps) {
  return (
    <nav aria-label="分页" className="flex items-center justify-end gap-2 text-sm text-gray-600">
      <span>第 {page} 页</span>
      <button type="button" className={buttonClass("default")} disabled={disabled || !canGoBack} onClick={onBack}>
        上一页
      </button>
      {nextKey ? (
        <button type="button" className={buttonClass("default")} disabled={disabled} onClick={onNext}>
          下一页
        </button>
      ) : (
        <span className="text-gray-400">已是最后一页</span>
      )}
    </nav>
  );
}
