// Saved replies: short texts the person reuses, with `{name}` filled from the comment's author.
// zod-free, so the renderer can hold the defaults without bundling the schema.

export interface SavedReply {
  title: string;
  text: string;
}

export const SAVED_REPLY_LIMITS = { count: 50, title: 60, text: 2_000 } as const;

export const DEFAULT_SAVED_REPLIES: readonly SavedReply[] = [
  { title: 'Thank you', text: 'Thank you so much, {name}! 🙏' },
  { title: 'Sent a message', text: 'Hi {name}, thanks for asking! We’ve sent you a direct message with the details.' },
  { title: 'Glad you enjoyed it', text: 'So glad you enjoyed it, {name}. See you again soon!' },
  { title: 'Sorry, let us fix it', text: 'Sorry to hear that, {name}. Could you send us a message so we can make it right?' },
];
