// A held answer follows the answer that holds it (issue 28, item 13; decision 0067). When another
// device's outbox status for an item arrives (its reply sent, failed for good, discarded), this
// device's answers held for that item are told to the screen again: their card quotes what was
// sent and says where it is. One whose winner gave up (failed for good, discarded) is sent: the
// team chose (decision 0067) that an answer held only because another was going goes once that
// one will not. It goes as every write does: its outbox item is tried again, and it takes the
// claim's next round first (app/teamClaims.ts), so two devices held behind the same winner still
// send one answer between them.
import type { OutboxItem } from '../outbox/types.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';
import { gaveUp, type WinnerAnswer } from './teamClaims.ts';

/** This device's held answers, and what to do with them. */
export interface HeldOnThisDevice {
  /** This device's items held because someone else answered first. */
  held: () => OutboxItem[];
  /** The answer that holds an item, from the team's outbox statuses. */
  answerOf: (item: OutboxItem) => WinnerAnswer | null;
  /** Tells the screen the item again (its view reads the winner's status afresh). */
  tell: (item: OutboxItem) => void;
  /** Tries the item again (the outbox's retry): it claims the next round before it goes. */
  sendAgain: (item: OutboxItem) => void;
  /** Items whose history moved (another device's answer changed state): an open item's history is read again. */
  historyMoved: (itemKeys: readonly string[]) => void;
}

/** Whether an outbox item is held for the person's choice because another device answered first. */
export const isHeldByTeam = (item: OutboxItem): boolean => item.state === 'failed' && item.lastError?.code === 'team-answered';

/** Follows other devices' outbox statuses while joined (and looks once now); returns the unsubscribe. */
export function followWinners(workspace: TeamWorkspace, device: string, here: HeldOnThisDevice): () => void {
  const follow = (items: readonly OutboxItem[]) => {
    for (const item of items) {
      here.tell(item);
      if (gaveUp(here.answerOf(item))) here.sendAgain(item);
    }
  };
  // What arrived while this device was closed or alone.
  follow(here.held().filter((item) => gaveUp(here.answerOf(item))));
  return workspace.subscribe((update) => {
    const moved = new Set(update.outbox.filter((status) => status.device !== device).map((status) => status.itemKey));
    if (moved.size === 0) return;
    // "Ann wrote a reply (waiting to be sent)" must not stay once it was sent.
    here.historyMoved([...moved]);
    follow(here.held().filter((item) => moved.has(item.answers)));
  });
}
