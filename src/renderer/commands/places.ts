// Every place of the app, once: its name in the sidebar and the toolbar's title, the letter `g`
// goes there with, its words in the palette and the `?` help, its tooltip and what its list says
// when empty. The sidebar, the toolbar, the `g` command, the palette, the help and the empty list
// all read this list, so a place is added (or renamed) here and nowhere else (decision 0074).
import type { ListView } from '../logic/listFilter.ts';

export type GotoView = 'inbox' | 'done' | 'outbox' | 'posts' | 'closingSoon' | 'all' | 'snoozed' | 'hidden' | 'reports' | 'settings' | 'assignedToMe';

/** What an empty list says: its words, then (optionally) a key to press, written by the command that owns it. */
export interface EmptyWords {
  text: (items: string) => string;
  /** "Press <key of this command> <after>". */
  press?: { command: string; after: string };
}

export interface Place {
  view: GotoView;
  /** The list it shows, for the places that are a list (the inbox is the `needsReply` list). */
  list?: ListView;
  /** `g` and this letter go there (the `goto` command). */
  key?: string;
  /** Else the command that goes there (the team's `g m`, teamCommands.ts). */
  command?: string;
  /** Its name in the sidebar and the toolbar's title. */
  title: string;
  /** What the palette and the help say after "Go to". */
  label: string;
  /** The sidebar's tooltip, when the name alone does not say it. */
  description?: string;
  /** Listed in the sidebar's views. */
  sidebar: boolean;
  /** Only in a team workspace. */
  team?: boolean;
  empty?: EmptyWords;
}

export const PLACES: readonly Place[] = [
  {
    view: 'inbox',
    list: 'needsReply',
    key: 'i',
    title: 'Needs reply',
    label: 'Needs reply (the inbox)',
    sidebar: true,
    empty: { text: () => 'Inbox zero: nothing needs a reply.' },
  },
  {
    view: 'closingSoon',
    list: 'closingSoon',
    key: 'c',
    title: 'Closing soon',
    label: 'Closing soon (direct messages whose reply window closes first)',
    description: 'Direct messages whose reply window closes first',
    sidebar: true,
    empty: { text: () => 'No conversation waits for an answer with its reply window open.' },
  },
  { view: 'all', list: 'all', key: 'a', title: 'All', label: 'All', sidebar: true, empty: { text: (items) => `No ${items} yet.` } },
  {
    view: 'done',
    list: 'done',
    key: 'd',
    title: 'Done',
    label: 'Done',
    sidebar: true,
    empty: { text: () => 'Nothing is done yet.', press: { command: 'done', after: 'on a comment or a conversation to mark it done.' } },
  },
  { view: 'snoozed', list: 'snoozed', key: 'z', title: 'Snoozed', label: 'Snoozed', sidebar: true, empty: { text: () => 'Nothing is snoozed.' } },
  { view: 'outbox', list: 'outbox', key: 'o', title: 'Outbox', label: 'Outbox', sidebar: true },
  { view: 'hidden', list: 'hidden', key: 'h', title: 'Hidden', label: 'Hidden comments', sidebar: true, empty: { text: () => 'No hidden comments.' } },
  {
    view: 'assignedToMe',
    list: 'assignedToMe',
    title: 'Assigned to me',
    label: 'Assigned to me',
    description: 'Assigned to you, not done and not snoozed',
    command: 'gotoAssigned',
    sidebar: true,
    team: true,
    empty: { text: () => 'Nothing is assigned to you.', press: { command: 'assign', after: 'on an item to assign it.' } },
  },
  { view: 'posts', key: 'p', title: 'Posts', label: 'Posts and their metrics', description: 'Posts and their metrics', sidebar: true },
  {
    view: 'reports',
    key: 'r',
    title: 'Reports',
    label: 'Reports (the client report)',
    description: 'The client report: response times, volume, top posts',
    sidebar: true,
  },
  { view: 'settings', key: 's', title: 'Settings', label: 'Settings', sidebar: false },
];

/** The places `g` and a letter lead to (the team's `g m` is its own command). */
export const GOTO_PLACES: readonly (Place & { key: string })[] = PLACES.filter((place): place is Place & { key: string } => place.key !== undefined);

/** The place that shows this list. */
export function placeOfList(list: ListView): Place | undefined {
  return PLACES.find((place) => place.list === list);
}
