/**
 * The header's bell and 个人消息 share the unread count: the screen announces a change (marked
 * read, setting saved) with this event and the bell reads the count again at once instead of
 * waiting for its next poll.
 */
export const MESSAGES_CHANGED = "tsp:messages-changed";

export const announceMessagesChanged = (): void => {
  window.dispatchEvent(new Event(MESSAGES_CHANGED));
};
