// Saved replies: short texts the person reuses, with `{name}` filled from the comment's author.
// zod-free, so the renderer can hold the defaults without bundling the schema.
//
// Each reply has an id of its own (issue 22; decision 0063), so that renaming a reply on one device
// and editing its text on another are edits of one reply, not a removal and an addition. A reply
// made in the editor gets a random id there. A reply without one (settings kept before ids existed,
// or a caller that sent none) gets one from its title when it is loaded: the title itself, "<title>
// (2)" for the second reply with that title, and so on, skipping ids already used in the list. So
// two devices that had the same list before they joined a team give its replies the same ids.

export interface SavedReply {
  /** Stable for the reply's life: never shown, never changed by a rename. */
  id: string;
  title: string;
  text: string;
}

export const SAVED_REPLY_LIMITS = { count: 50, title: 60, text: 2_000, id: 80 } as const;

const DEFAULT_TEXTS: readonly Omit<SavedReply, 'id'>[] = [
  { title: 'Thank you', text: 'Thank you so much, {name}! 🙏' },
  { title: 'Sent a message', text: 'Hi {name}, thanks for asking! We’ve sent you a direct message with the details.' },
  { title: 'Glad you enjoyed it', text: 'So glad you enjoyed it, {name}. See you again soon!' },
  { title: 'Sorry, let us fix it', text: 'Sorry to hear that, {name}. Could you send us a message so we can make it right?' },
];

/** A new reply's id: random, so replies made on two devices never share one. */
export function newSavedReplyId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The list with an id on every reply: each reply keeps its own id unless an earlier reply already
 * has it; the others get one from their title (see above). Deterministic: the same list gives the
 * same ids on every device.
 */
export function withSavedReplyIds<Reply extends { id?: string | undefined; title: string; text: string }>(
  replies: readonly Reply[],
): (Reply & { id: string })[] {
  const taken = new Set<string>();
  const kept = replies.map((reply) => {
    const id = reply.id?.trim();
    if (id === undefined || id === '' || taken.has(id)) return null;
    taken.add(id);
    return id;
  });
  const seen = new Map<string, number>();
  return replies.map((reply, index) => {
    const own = kept[index];
    if (own !== undefined && own !== null) return { ...reply, id: own };
    const title = reply.title.trim();
    let count = seen.get(title) ?? 0;
    let id: string;
    do {
      count += 1;
      id = count === 1 ? title : `${title} (${count})`;
    } while (taken.has(id));
    seen.set(title, count);
    taken.add(id);
    return { ...reply, id };
  });
}

export const DEFAULT_SAVED_REPLIES: readonly SavedReply[] = withSavedReplyIds(DEFAULT_TEXTS);
