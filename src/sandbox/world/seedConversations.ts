// The seeded world's direct messages: every profile that links facebook, instagram or twitter has
// people writing to it. Message counts are heavy-tailed; the first conversations on each network
// cover the cases a client must meet (waiting for an answer, answered, past the reply window,
// archived) and one client profile has messaging switched off. A generator of its own, so adding
// messages left the rest of the seeded world exactly as it was.
import { MESSAGE_NETWORKS, MESSAGE_REPLY_WINDOW_MS } from '../../shared/networks.ts';
import { conversationIdFor, messageIdFor } from '../ids.ts';
import { Random } from '../random.ts';
import type { ConversationState, MessageState } from './messageTypes.ts';
import { accountReplyToPerson, followUpText, newPerson, openerText, receivedImageUrl } from './messageVocabulary.ts';
import type { ProfileState } from './types.ts';
import { UNIQUE_ID_ATTEMPTS } from './world.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Conversations per profile and network. */
const CONVERSATIONS = { min: 5, max: 12 };
/** Pareto scale and shape of a conversation's message count; most are short, a few run long. */
const MESSAGE_SCALE = 3;
const MESSAGE_SHAPE = 1.1;
const MAX_MESSAGES = 400;

type Case = 'waiting' | 'answered' | 'pastWindow' | 'archived';
/** Every network of every profile starts with these, so each case is always there to test. */
const FIRST_CASES: Case[] = ['waiting', 'answered', 'pastWindow', 'archived'];

export interface SeededMessages {
  conversations: ConversationState[];
  messages: MessageState[];
}

export function seedConversations(seed: number, nowMs: number, profiles: ProfileState[]): SeededMessages {
  const rng = new Random(seed * 7_919 + 101);
  const conversations: ConversationState[] = [];
  const drafts: Array<Omit<MessageState, 'seq'>> = [];
  const takenIds = new Set<string>();
  const unique = (make: () => string) => {
    let id = make();
    for (let attempt = 1; takenIds.has(id); attempt++) {
      if (attempt >= UNIQUE_ID_ATTEMPTS) throw new Error(`seed: no free id after ${UNIQUE_ID_ATTEMPTS} attempts`);
      id = make();
    }
    takenIds.add(id);
    return id;
  };

  const withMessaging = profiles.filter((p) => MESSAGE_NETWORKS.some((n) => p.accounts[n]));
  // One client (never the freelancer's own studio) has not switched messaging on.
  const clients = withMessaging.filter((p) => p.profileKey !== null);
  if (clients.length > 0) rng.pick(clients).messaging = { enabled: false, relinkRequired: [] };

  for (const profile of withMessaging) {
    for (const platform of MESSAGE_NETWORKS) {
      const account = profile.accounts[platform];
      if (!account) continue;
      const count = rng.int(CONVERSATIONS.min, CONVERSATIONS.max);
      for (let i = 0; i < count; i++) {
        const which: Case = FIRST_CASES[i] ?? pickCase(rng);
        let person = newPerson(rng, platform);
        while (conversations.some((c) => c.platform === platform && c.profileRefId === profile.refId && c.person.id === person.id)) {
          person = newPerson(rng, platform);
        }
        const conversationId = unique(() => conversationIdFor(rng, platform, account.id, person.id));
        const conversation: ConversationState = {
          profileRefId: profile.refId,
          platform,
          conversationId,
          person,
          status: which === 'archived' ? 'archived' : 'active',
        };
        conversations.push(conversation);
        for (const message of timeline(rng, nowMs, which)) {
          drafts.push({
            id: unique(() => messageIdFor(rng, platform)),
            platform,
            profileRefId: profile.refId,
            conversationId,
            action: message.action,
            text: message.action === 'received' ? message.text : accountReplyToPerson(rng, person),
            created: new Date(message.atMs).toISOString(),
            ...(message.image ? { attachments: [{ type: 'image' as const, url: receivedImageUrl(rng) }] } : {}),
            ...(message.action === 'sent' && rng.chance(0.06) ? { reactions: { [person.id]: rng.pick(['❤️', '👍', '😆']) } } : {}),
          });
        }
      }
    }
  }
  // Oldest first: `seq` is the order of arrival.
  drafts.sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  return { conversations, messages: drafts.map((m, index) => ({ seq: index + 1, ...m })) };
}

function pickCase(rng: Random): Case {
  const roll = rng.next();
  return roll < 0.4 ? 'waiting' : roll < 0.8 ? 'answered' : roll < 0.92 ? 'pastWindow' : 'archived';
}

interface Draft {
  action: 'sent' | 'received';
  text: string;
  atMs: number;
  image: boolean;
}

/**
 * A conversation's messages, oldest first. The person writes first; the last message says the case:
 * the person's (waiting; past the window when older than the window), the account's (answered).
 * On twitter "past the window" is only an old conversation: X has no reply window.
 */
function timeline(rng: Random, nowMs: number, which: Case): Draft[] {
  let count = 1 + rng.pareto(MESSAGE_SCALE, MESSAGE_SHAPE, MAX_MESSAGES - 1);
  if (which === 'answered' && count < 2) count = 2;
  const lastAgeMs =
    which === 'waiting'
      ? rng.int(5, Math.floor((MESSAGE_REPLY_WINDOW_MS - HOUR) / MINUTE)) * MINUTE
      : which === 'pastWindow'
        ? MESSAGE_REPLY_WINDOW_MS + rng.int(1, 30) * DAY + rng.int(0, 1439) * MINUTE
        : rng.int(10, 30 * 24 * 60) * MINUTE;
  const lastMs = nowMs - lastAgeMs;
  // Long conversations span longer: about an hour a message, at least a few minutes in all.
  const spanMs = Math.max(5 * MINUTE, Math.floor(count * HOUR * (0.2 + rng.next())));
  const times = Array.from({ length: count - 1 }, () => lastMs - rng.int(1, spanMs));
  times.sort((a, b) => a - b);
  times.push(lastMs);

  const drafts: Draft[] = [];
  let action: 'sent' | 'received' = 'received';
  for (let i = 0; i < count; i++) {
    if (i > 0) action = rng.chance(0.55) ? (action === 'sent' ? 'received' : 'sent') : action;
    if (i === count - 1) action = which === 'answered' ? 'sent' : which === 'archived' ? action : 'received';
    const text = i === 0 ? openerText(rng) : followUpText(rng);
    drafts.push({ action, text, atMs: times[i] as number, image: action === 'received' && rng.chance(0.05) });
  }
  return drafts;
}
