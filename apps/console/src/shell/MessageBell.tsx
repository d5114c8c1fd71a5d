import { useEffect, useState } from "react";
import { countUnreadMessages } from "../api/operate";
import { useT } from "../i18n/i18n";
import { MESSAGES_CHANGED } from "../routes/personal/message/unreadEvents";
import { hashHref } from "../routing/hashLocation";

/** How often the header asks for the unread count (a cheap count; alarms arrive as the gateway writes them). */
const POLL_MS = 60_000;

/**
 * 个人消息 in the header: a link with the unread count as a badge, read at sign-in, every
 * minute, on every move between screens and whenever 个人消息 announces a change. A failed read keeps the last count (the
 * shell toasts nothing for it: the bell is not worth an error message).
 */
export function MessageBell() {
  const t = useT();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let live = true;
    const read = () =>
      void countUnreadMessages().then(
        (n) => live && setUnread(n),
        () => {},
      );
    read();
    const timer = setInterval(read, POLL_MS);
    window.addEventListener(MESSAGES_CHANGED, read);
    // Also on every move between screens: the first read may run before the sign-in's token is stored.
    window.addEventListener("hashchange", read);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(MESSAGES_CHANGED, read);
      window.removeEventListener("hashchange", read);
    };
  }, []);
  // The name comes from the content (no aria-label): the visible words, then the count for a
  // screen reader in words (axe: a label must contain the visible text).
  return (
    <a
      href={hashHref("/personal/message")}
      className="relative mr-1 inline-flex items-center rounded px-2 py-1 text-gray-700 hover:bg-gray-100"
      data-testid="message-bell"
    >
      <span aria-hidden="true">✉</span>
      <span className="ml-1">{t("header.messages")}</span>
      {unread > 0 && (
        <>
          <span aria-hidden="true" className="ml-1 rounded-full bg-red-600 px-1.5 text-xs leading-5 text-white">
            {unread > 99 ? "99+" : unread}
          </span>
          <span className="sr-only">{`（${t("header.unread", { n: unread })}）`}</span>
        </>
      )}
    </a>
  );
}
