// Every place `g` leads to. The `g` command's keys, its palette entries and its help lines all come
// from this one list, so a place reachable by one is reachable, and listed, by the others.

export type GotoView = 'inbox' | 'done' | 'outbox' | 'posts' | 'closingSoon' | 'all' | 'snoozed' | 'hidden' | 'reports' | 'settings' | 'assignedToMe';

export const GOTO_PLACES: readonly { key: string; view: GotoView; label: string }[] = [
  { key: 'i', view: 'inbox', label: 'Needs reply (the inbox)' },
  { key: 'c', view: 'closingSoon', label: 'Closing soon (direct messages whose reply window closes first)' },
  { key: 'a', view: 'all', label: 'All' },
  { key: 'd', view: 'done', label: 'Done' },
  { key: 'z', view: 'snoozed', label: 'Snoozed' },
  { key: 'o', view: 'outbox', label: 'Outbox' },
  { key: 'h', view: 'hidden', label: 'Hidden comments' },
  { key: 'p', view: 'posts', label: 'Posts and their metrics' },
  { key: 'r', view: 'reports', label: 'Reports (the client report)' },
  { key: 's', view: 'settings', label: 'Settings' },
];
