import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { shouldLoadNextPage } from "@tsp/domain";
import { clsx } from "clsx";
import { type UIEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { inputClass, optionClass, popoverListClass } from "../theme/classes";
import { type RemotePage, SELECT_PAGE_SIZE, type SelectOption } from "./types";

/** Props of {@link RemoteSelect}: `Q` is the payload the loader sends, `T` a list item. */
export interface RemoteSelectProps<T, Q> {
  /** Accessible name (also the placeholder unless one is given). */
  label: string;
  /** Builds the call's payload from the typed keyword and the page wanted. */
  makeQuery: (keyword: string, pageNum: number, pageSize: number) => Q;
  /** Fetches one page; the signal aborts a page nobody waits for any more. */
  loader: (query: Q, signal: AbortSignal) => Promise<RemotePage<T>>;
  toOption: (item: T) => SelectOption;
  value: string | null;
  onChange: (value: string | null, item: T | null) => void;
  placeholder?: string;
  pageSize?: number;
  /** Max characters typed (VIN and T-BOX pickers: 17, spec §5). */
  maxLength?: number;
  disabled?: boolean;
  /** Wait after the last keystroke before asking the server. */
  debounceMs?: number;
  className?: string;
}

interface ListState<T> {
  items: T[];
  pages: number;
  total: number;
  loading: boolean;
  failed: boolean;
}

const EMPTY = { items: [], pages: 0, total: 0, loading: false, failed: false };

/**
 * A searchable select over a paged remote list: page size 10, the next page loads when the
 * list is scrolled to its bottom and stops by the spec's rule (pages × size vs total).
 * Keyboard: type to search, ↑/↓ to move, Enter to choose, Escape to close.
 */
export function RemoteSelect<T, Q>({
  label,
  makeQuery,
  loader,
  toOption,
  value,
  onChange,
  placeholder,
  pageSize = SELECT_PAGE_SIZE,
  maxLength,
  disabled,
  debounceMs = 300,
  className,
}: RemoteSelectProps<T, Q>) {
  const [keyword, setKeyword] = useState("");
  const [state, setState] = useState<ListState<T>>(EMPTY);
  const [selected, setSelected] = useState<T | null>(null);
  const abort = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  const latest = useRef({ makeQuery, loader, pageSize, keyword });
  // Callbacks read the newest props and list state without re-creating the loader effect.
  useLayoutEffect(() => {
    stateRef.current = state;
    latest.current = { makeQuery, loader, pageSize, keyword };
  });

  const loadPage = useCallback(async (pageNum: number) => {
    const { makeQuery: mk, loader: load, pageSize: size, keyword: kw } = latest.current;
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setState((s) => ({ ...(pageNum === 1 ? EMPTY : s), loading: true, failed: false }));
    try {
      const page = await load(mk(kw, pageNum, size), ctrl.signal);
      if (ctrl.signal.aborted) return;
      setState((s) => ({
        items: pageNum === 1 ? page.list : [...s.items, ...page.list],
        pages: pageNum,
        total: page.total,
        loading: false,
        failed: false,
      }));
    } catch {
      if (ctrl.signal.aborted) return;
      setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }, []);

  // A new keyword starts over at page 1, after a short pause in typing.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!opened) return;
    const t = setTimeout(() => void loadPage(1), keyword ? debounceMs : 0);
    return () => clearTimeout(t);
  }, [keyword, opened, debounceMs, loadPage]);
  useEffect(() => () => abort.current?.abort(), []);

  const more = state.pages > 0 && shouldLoadNextPage(state.pages, pageSize, state.total);
  const onScroll = (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    const s = stateRef.current;
    if (s.loading || !more) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 8) void loadPage(s.pages + 1);
  };

  const selectedOption = selected ? toOption(selected) : null;
  const display = selectedOption && selectedOption.value === value ? selectedOption.label : (value ?? "");

  return (
    <Combobox<T | null>
      value={selected}
      onChange={(item) => {
        setSelected(item);
        onChange(item ? toOption(item).value : null, item);
      }}
      onClose={() => setKeyword("")}
      disabled={disabled}
      immediate
    >
      <div className={clsx("relative inline-block w-56", className)}>
        <ComboboxInput
          aria-label={label}
          placeholder={placeholder ?? `请选择${label}`}
          maxLength={maxLength}
          className={inputClass("w-full pr-14")}
          displayValue={() => display}
          onFocus={() => setOpened(true)}
          onChange={(e) => {
            setOpened(true);
            setKeyword(e.target.value);
          }}
        />
        {value && !disabled && (
          <button
            type="button"
            aria-label={`清空${label}`}
            className="absolute inset-y-0 right-7 flex items-center px-1 text-gray-500 hover:text-gray-700"
            onClick={() => {
              setSelected(null);
              onChange(null, null);
            }}
          >
            ×
          </button>
        )}
        <ComboboxButton
          aria-label={`展开${label}`}
          className="absolute inset-y-0 right-0 flex w-7 items-center justify-center text-gray-500"
          onClick={() => setOpened(true)}
        >
          ▾
        </ComboboxButton>
      </div>
      <ComboboxOptions anchor="bottom start" className={popoverListClass} onScroll={onScroll} modal={false}>
        {state.items.map((item) => {
          const o = toOption(item);
          return (
            <ComboboxOption key={o.value} value={item} className={optionClass}>
              {o.label}
            </ComboboxOption>
          );
        })}
        {state.loading && (
          <div role="status" className="px-3 py-1.5 text-gray-500">
            加载中…
          </div>
        )}
        {!state.loading && state.failed && <div className="px-3 py-1.5 text-red-500">加载失败</div>}
        {!state.loading && !state.failed && state.pages > 0 && state.items.length === 0 && (
          <div className="px-3 py-1.5 text-gray-500">暂无数据</div>
        )}
        {!state.loading && state.items.length > 0 && !more && (
          <div className="px-3 py-1.5 text-center text-xs text-gray-500">已全部加载（共 {state.total} 条）</div>
        )}
      </ComboboxOptions>
    </Combobox>
  );
}
