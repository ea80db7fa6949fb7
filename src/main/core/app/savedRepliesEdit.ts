// The saved replies editor's Save, against what changed while it was open (issue 22; decision 0063).
// The editor sends its whole list and the list it was opened with; another device's change may have
// arrived in between (a rename, a new reply, a removal). Only what the person changed since opening
// is applied onto the list as it is now, per reply (by id) and per field (title, text): a field the
// person left as it was keeps its current value, a reply added elsewhere stays, and a reply removed
// elsewhere stays removed unless the person edited it.
import { isDeepStrictEqual } from 'node:util';
import { type SavedReply, withSavedReplyIds } from '../../../shared/savedReplies.ts';
import type { SettingsPatch } from '../../../shared/settings.ts';

type SentReplies = NonNullable<SettingsPatch['savedReplies']>;

/** A settings change from a screen: with the saved replies, optionally the list the editor was opened with. */
export type SettingsEdit = SettingsPatch & { savedRepliesOpened?: SentReplies | undefined };

/** The patch to hand to the host's settings: the person's changes to the saved replies applied onto `current`. */
export function settingsPatchOf(edit: SettingsEdit, current: readonly SavedReply[]): SettingsPatch {
  const { savedRepliesOpened, ...patch } = edit;
  if (savedRepliesOpened === undefined || patch.savedReplies === undefined) return patch;
  return { ...patch, savedReplies: editedReplies(withSavedReplyIds(savedRepliesOpened), withSavedReplyIds(patch.savedReplies), current) };
}

/** `saved` (the person's list) against `opened` (as it was shown), applied onto `current`. */
export function editedReplies(opened: readonly SavedReply[], saved: readonly SavedReply[], current: readonly SavedReply[]): SavedReply[] {
  const before = new Map(opened.map((reply) => [reply.id, reply]));
  const mine = new Map(saved.map((reply) => [reply.id, reply]));
  const edited = (reply: SavedReply) => {
    const was = before.get(reply.id);
    return was === undefined || !isDeepStrictEqual({ title: was.title, text: was.text }, { title: reply.title, text: reply.text });
  };
  const field = (name: 'title' | 'text', theirs: SavedReply, ours: SavedReply) => (ours[name] !== before.get(ours.id)?.[name] ? ours[name] : theirs[name]);
  const result: SavedReply[] = [];
  const placed = new Set<string>();
  // The current list's order; the person's version of each reply they kept.
  for (const theirs of current) {
    const ours = mine.get(theirs.id);
    if (ours === undefined) {
      // Removed by the person (it was shown), else added elsewhere while the editor was open.
      if (!before.has(theirs.id)) result.push(theirs);
      continue;
    }
    result.push({ ...theirs, title: field('title', theirs, ours), text: field('text', theirs, ours) });
    placed.add(theirs.id);
  }
  // Replies the person added, and ones removed elsewhere meanwhile that the person edited: after them.
  for (const ours of saved) if (!placed.has(ours.id) && edited(ours)) result.push(ours);
  return result;
}
