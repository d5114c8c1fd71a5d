import { useUiText, withN } from "../kit/uiText";
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
  const text = useUiText();
  return (
    <nav aria-label={text.paging} className="flex items-center justify-end gap-2 text-sm text-gray-600">
      <span>{withN(text.pageNo, page)}</span>
      <button type="button" className={buttonClass("default")} disabled={disabled || !canGoBack} onClick={onBack}>
        {text.previous}
      </button>
      {nextKey ? (
        <button type="button" className={buttonClass("default")} disabled={disabled} onClick={onNext}>
          {text.next}
        </button>
      ) : (
        <span className="text-gray-500">{text.lastPage}</span>
      )}
    </nav>
  );
}
