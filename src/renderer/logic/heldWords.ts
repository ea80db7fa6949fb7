// A held answer in words (issues 22, 27 item 12, 28 items 2 and 13): a reply or message this
// member wrote that the team held because someone else answered first. Its card says who answered,
// when, and where their answer is now (sent, on its way, failed for good, discarded), from their
// device's outbox status; the toast says the same where the person is. Nothing here claims more
// than the core knows: a claim that could not be read is "Ann took this first", never "Ann
// answered", and an answer that failed is never called an answer.
import { kindViewOfAnswer } from '../kinds/kindViews.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { fmt } from './format.ts';
import { memberName, type TeamMe } from './presenceWords.ts';

export type HeldBy = NonNullable<OutboxItemView['heldBy']>;
type Noun = 'reply' | 'message';

/** Whether the answer that held this one will not go (failed for good, or discarded): this one goes instead. */
export function winnerGaveUp(heldBy: HeldBy): boolean {
  return heldBy.answer?.state === 'failed' || heldBy.answer?.state === 'discarded';
}

/** Held for the person's choice: 'held' while the other answer stands, 'offered' once it will not go (and this one goes); null: not held. */
export function heldState(item: Pick<OutboxItemView, 'state' | 'heldBy'> | undefined): 'held' | 'offered' | null {
  if (item?.state !== 'failed' || !item.heldBy) return null;
  return winnerGaveUp(item.heldBy) ? 'offered' : 'held';
}

/** Who holds it, to begin a sentence: "Ann", "You (on laptop)", or "Someone in the team" when their claim could not be read. */
function holder(heldBy: HeldBy, me: TeamMe | null): { name: string; mine: boolean } {
  if (heldBy.who === null) return { name: 'Someone in the team', mine: false };
  if (me !== null && heldBy.who === me.member) return { name: heldBy.device === null ? 'You' : `You (on ${heldBy.device})`, mine: true };
  return { name: memberName(heldBy.who), mine: false };
}

/**
 * The held card's line: "Ann answered 3 min ago: send yours too?", "Ann’s reply could not be sent,
 * so yours goes instead." (the team sends it: decision 0067), "Ann took this comment first: send
 * yours anyway?" (their claim could not be read).
 */
export function heldLine(heldBy: HeldBy, me: TeamMe | null, now: number, noun: Noun = 'reply'): string {
  const { name, mine } = holder(heldBy, me);
  const yours = mine ? 'this one' : 'yours';
  const item = kindViewOfAnswer(noun).words.one;
  if (heldBy.at === null) return `${name} took this ${item} first: send ${yours} anyway?`;
  const when = fmt.relative(heldBy.at, now);
  const whose = mine ? `Your ${noun}${heldBy.device === null ? '' : ` on ${heldBy.device}`}` : `${name}’s ${noun}`;
  switch (heldBy.answer?.state) {
    case 'failed':
      return `${whose} could not be sent, so ${yours} goes instead.`;
    case 'discarded':
      return `${whose} was discarded, so ${yours} goes instead.`;
    case 'pending':
      return `${whose} is on its way (written ${when}): send ${yours} too?`;
    default:
      return `${name} answered ${when}: send ${yours} too?`;
  }
}

/** "Ann’s reply": the quote's caption on a held card (what they sent, so the person can judge). */
export function quotedCaption(heldBy: HeldBy, me: TeamMe | null, noun: Noun = 'reply'): string {
  const { name, mine } = holder(heldBy, me);
  return mine ? `Your ${noun} from ${heldBy.device ?? 'another device'}` : `${name}’s ${noun}`;
}

/**
 * What the toast says when an answer of this member is held, or offered again because the one that
 * held it will not go; null when nothing changed for the person.
 */
export function heldToast(before: OutboxItemView | undefined, after: OutboxItemView, me: TeamMe | null): string | null {
  const was = heldState(before);
  const now = heldState(after);
  if (now === null || now === was || !after.heldBy) return null;
  const noun: Noun = kindViewOfAnswer(after.kind).words.answerSubject;
  const to = after.person ? ` to ${after.person}` : '';
  const { name, mine } = holder(after.heldBy, me);
  if (now === 'offered') {
    const whose = mine ? `Your other ${noun}` : `${name}’s ${noun}`;
    return `${whose} did not go out, so yours${to} goes instead.`;
  }
  if (after.heldBy.at === null) return `Your ${noun}${to} was held: ${after.heldBy.who === null ? 'someone in the team' : name} took it first.`;
  return `Your ${noun}${to} was held: ${mine ? 'you had answered on another device' : `${name} had answered`}.`;
}
