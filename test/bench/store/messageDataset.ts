// Direct messages for the store benchmark, beside the comments of dataset.ts: the same 4 client
// profiles, conversations on the networks with messages each profile links (facebook, instagram,
// X), a heavy-tailed number of messages per conversation, the person and the account taking turns
// (the person spoke last in about 60%), text from the same everyday vocabulary, people from the
// same pool of names (with usernames and pictures as the networks give them).
import type { MessageInput } from '../../../src/main/core/store/types.ts';
import { isMessageNetwork, type MessageNetwork } from '../../../src/shared/networks.ts';
import { mulberry32, type StoreDataset, WORDS } from './dataset.ts';

export interface MessageDataset {
  /** One batch per conversation, as the sync reads one conversation (conversationId=ID). */
  batches: { profileId: string; messages: MessageInput[] }[];
  /**
   * The same messages as the listing answers them (GET /messages/:platform, every active
   * conversation at once): one batch per profile and network, X in pages of 100. A first sync's
   * shape: one request per network instead of one per conversation.
   */
  listings: { profileId: string; messages: MessageInput[] }[];
  messageCount: number;
  conversationCount: number;
  /** People's names, for searches. */
  names: string[];
}

const FIRST = 'Amara Bruno Cleo Dmitri Esme Farid Gaia Henrik Iris Jasper Kenji Luna Milo Nadia Oskar Pia Rafael Sofia Theo Vera'.split(' ');
const LAST = 'Andersen Bianchi Cruz Dahl Eriksen Fontaine Gomez Horvat Ito Jansen Keller Lindqvist Mendes Nakamura Ortiz'.split(' ');
const DAY = 86_400_000;

export function buildMessages(base: StoreDataset, total: number, seed = 7): MessageDataset {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const channels = base.profiles.flatMap((profile) =>
    Object.keys(profile.networks)
      .filter((network): network is MessageNetwork => isMessageNetwork(network))
      .map((platform) => ({ profile, platform })),
  );
  // About 10 messages a conversation on average, heavy-tailed (a few long ones, many short).
  const conversationTotal = Math.max(1, Math.round(total / 10));
  const weights = Array.from({ length: conversationTotal }, () => 1 / Math.pow(1 - random() * 0.999, 0.7));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.max(1, Math.floor((weight / weightSum) * total)));
  let excess = counts.reduce((sum, count) => sum + count, 0) - total;
  for (let index = 0; excess !== 0; index = (index + 1) % conversationTotal) {
    if (excess > 0 && counts[index]! > 1) {
      counts[index]! -= 1;
      excess -= 1;
    } else if (excess < 0) {
      counts[index]! += 1;
      excess += 1;
    }
  }

  const batches: MessageDataset['batches'] = [];
  const names = new Set<string>();
  let serial = 0;
  for (let index = 0; index < conversationTotal; index += 1) {
    const { profile, platform } = channels[index % channels.length]!;
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    names.add(name);
    const personId = `${platform}-person-${index}`;
    const username = platform === 'facebook' ? undefined : name.toLowerCase().replace(' ', '.');
    const picture = platform === 'twitter' && random() < 0.5 ? undefined : `https://cdn.example/${personId}.jpg`;
    const accountId = profile.networks[platform]!.id;
    const conversationId = `${platform}-conv-${index}`;
    // Conversations start over four months; their messages come over hours to days.
    let at = base.now - Math.floor(random() * 120 * DAY);
    const messages: MessageInput[] = [];
    const count = counts[index]!;
    // Most conversations are started by the person; about 60% end with them.
    const personLast = random() < 0.6;
    for (let n = 0; n < count; n += 1) {
      serial += 1;
      at = Math.min(base.now, at + Math.floor(-Math.log(1 - random() * 0.999) * 3 * 3_600_000) + 1000);
      const last = n === count - 1;
      const received = last ? personLast : n === 0 ? true : random() < 0.5;
      const text = `${pick(WORDS).replace(/^./, (c) => c.toUpperCase())} ${Array.from({ length: 2 + Math.floor(random() * 20) }, () => pick(WORDS)).join(' ')}`;
      const messageId = `${platform}-msg-${serial}`;
      const created = new Date(at).toISOString();
      messages.push({
        platform,
        messageId,
        conversationId,
        action: received ? 'received' : 'sent',
        text,
        created,
        senderId: received ? personId : accountId,
        recipientId: received ? accountId : personId,
        personName: name,
        ...(received && username !== undefined ? { personUsername: username } : {}),
        ...(received && picture !== undefined ? { personPictureUrl: picture } : {}),
        raw: { id: messageId, action: received ? 'received' : 'sent', message: text, conversationId, created, senderId: received ? personId : accountId },
      });
    }
    batches.push({ profileId: profile.profileId, messages });
  }
  const byChannel = new Map<string, { profileId: string; messages: MessageInput[] }>();
  for (const batch of batches) {
    const platform = batch.messages[0]!.platform;
    const channel = byChannel.get(`${batch.profileId}:${platform}`) ?? { profileId: batch.profileId, messages: [] };
    byChannel.set(`${batch.profileId}:${platform}`, channel);
    channel.messages.push(...batch.messages);
  }
  const listings = [...byChannel.values()].flatMap((channel) => {
    // Newest first, as the service answers.
    const messages = [...channel.messages].sort((a, b) => (a.created < b.created ? 1 : -1));
    if (messages[0]?.platform !== 'twitter') return [{ profileId: channel.profileId, messages }];
    return Array.from({ length: Math.ceil(messages.length / 100) }, (_, page) => ({
      profileId: channel.profileId,
      messages: messages.slice(page * 100, page * 100 + 100),
    }));
  });
  return { batches, listings, messageCount: serial, conversationCount: conversationTotal, names: [...names] };
}
