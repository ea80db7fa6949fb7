// The open conversation of direct messages as a chat: who the person is, how long the reply window
// stays open (facebook, instagram), both pinned above the messages (a long chat opens at its newest
// message, and the person and the countdown stay in view), the messages oldest first (the person's on the left, the
// account's on the right) with the account's messages still in the outbox among them in their
// state, and the composer (Send off, with the reason, once the window has closed).
//
// The person's picture comes from main as a data: URL (inbox.personPicture), never from the
// network's servers: the page's Content-Security-Policy allows images from the app itself only
// (img-src 'self' data:, index.html, the web host's headers and the app:// protocol's), and a page
// that loaded it would tell that server when the inbox is open. Main fetches it with tight limits
// (core/app/personPictures.ts). Until it comes, or when it cannot be used, the initials stand in,
// and "Picture" opens the address in the browser.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ConversationThread, DirectMessage, TextRange } from '../../../shared/domain/inbox.ts';
import { bestMatchingMessage, matchRanges, searchTermsOf } from '../../../shared/domain/searchWords.ts';
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import { call } from '../../api/bridge.ts';
import { NETWORK_LABELS } from '../../logic/composerRules.ts';
import { chatItems, personInitials } from '../../logic/directMessages.ts';
import { chatTime, exactTime } from '../../logic/relativeTime.ts';
import { useOutboxStore } from '../../stores/outboxStore.ts';
import { useInboxStore } from '../../stores/inboxStore.ts';
import { openItemOf, useThreadStore } from '../../stores/threadStore.ts';
import { Composer } from '../Composer.tsx';
import { Highlighted } from '../Highlighted.tsx';
import { useNow } from '../hooks.ts';
import { OutboxCard } from '../OutboxCard.tsx';
import { ThreadHead } from '../ThreadHead.tsx';
import { ItemTeam } from '../team/ItemTeam.tsx';
import { ReplyWindowNotice } from './ReplyWindowNotice.tsx';
import './messages.css';

/** How much of the team part (its assignee line) shows under the newest message, in pixels. */
const TEAM_PART_IN_VIEW = 56;

function isWebAddress(value: string): boolean {
  return /^https:\/\/\S+$/i.test(value);
}

/** The person's picture as main fetched it, asked once per open conversation: undefined while asked, null when there is none. */
function usePersonPicture(key: string): string | null | undefined {
  const [answer, setAnswer] = useState<{ key: string; dataUrl: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    void call('inbox.personPicture', { key }).then((result) => {
      if (current) setAnswer({ key, dataUrl: result.ok ? result.data.dataUrl : null });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return answer?.key === key ? answer.dataUrl : undefined;
}

function PersonCard({ conversation }: { conversation: ConversationThread }) {
  const { row } = conversation;
  const info = row.conversation;
  const name = info?.name ?? row.authorName;
  const count = info?.messageCount ?? conversation.messages.length;
  const picture = usePersonPicture(row.key);
  return (
    <section className="person-card" aria-label="The person">
      {picture ? (
        <img className="person-avatar person-picture" src={picture} alt="" />
      ) : (
        <span className="person-avatar" aria-hidden="true">
          {personInitials(name)}
        </span>
      )}
      <div className="person-who">
        <p className="person-name">{name}</p>
        <p className="person-meta">
          {info?.username && <span className="person-username">@{info.username.replace(/^@+/, '')}</span>}
          <span>
            Direct messages on {NETWORK_LABELS[row.platform]} · {count} {count === 1 ? 'message' : 'messages'}
            {info?.status === 'archived' ? ' · archived' : ''}
          </span>
        </p>
      </div>
      {picture === null && info?.pictureUrl && isWebAddress(info.pictureUrl) && (
        <a
          className="person-picture-link"
          href={info.pictureUrl}
          target="_blank"
          rel="noreferrer noopener"
          title="The picture could not be loaded in the app: this opens it in the browser"
        >
          Picture
        </a>
      )}
    </section>
  );
}

/** `marks`: the words a search matched in it; `matched`: the message the search's row showed (scrolled into view). */
function ChatMessage({
  message,
  personName,
  now,
  marks,
  matched,
}: {
  message: DirectMessage;
  personName: string;
  now: number;
  marks: TextRange[];
  matched: boolean;
}) {
  const mine = message.action === 'sent';
  const created = Date.parse(message.created);
  return (
    <li className={`chat-message ${mine ? 'from-account' : 'from-person'}${matched ? ' is-match' : ''}`} data-search-match={matched ? 'true' : undefined}>
      <div className="chat-bubble">
        {message.text !== '' && (
          <p className="chat-text">
            <Highlighted text={message.text} ranges={marks} />
          </p>
        )}
        {message.mediaUrls.filter(isWebAddress).map((url) => (
          <a key={url} className="chat-media" href={url} target="_blank" rel="noreferrer noopener">
            Attachment (opens in the browser)
          </a>
        ))}
      </div>
      <p className="chat-meta">
        <span className="chat-who">{mine ? 'You' : personName}</span> ·{' '}
        <time dateTime={message.created} title={exactTime(created)}>
          {chatTime(created, now)}
        </time>
      </p>
    </li>
  );
}

export function ConversationPane({ openKey }: { openKey: string }) {
  const conversation = useThreadStore((state) => openItemOf(state.item, 'conversation'));
  const loading = useThreadStore((state) => state.loading);
  const error = useThreadStore((state) => state.error);
  const outboxItems = useOutboxStore((state) => state.items);
  const now = useNow(30_000);
  const body = useRef<HTMLDivElement | null>(null);

  const current = conversation?.row.key === openKey ? conversation : null;
  const mine = useMemo<OutboxItemView[]>(() => Object.values(outboxItems).filter((item) => item.answers === openKey), [outboxItems, openKey]);
  const items = useMemo(() => (current ? chatItems(current.messages, mine) : []), [current, mine]);
  // Opened from a search: its words are marked, and the message that matched is the one in view.
  const searchText = useInboxStore((state) => state.filter.text);
  const terms = useMemo(() => searchTermsOf(searchText), [searchText]);
  const matched = useMemo(() => (current && terms ? (bestMatchingMessage(current.messages, terms)?.message.messageId ?? null) : null), [current, terms]);

  // A chat opens at its newest message (or the one a search matched), and follows new ones. In a
  // team the conversation's team part sits under the messages: the newest message stays at the
  // bottom of the view with the assignee line under it, the note and history a scroll away.
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const match = matched === null ? null : element.querySelector<HTMLElement>('[data-search-match="true"]');
    const team = element.querySelector<HTMLElement>('.item-team');
    if (match) element.scrollTop += match.getBoundingClientRect().top - element.getBoundingClientRect().top - 16;
    else if (team) element.scrollTop += team.getBoundingClientRect().top + TEAM_PART_IN_VIEW - element.getBoundingClientRect().bottom;
    else element.scrollTop = element.scrollHeight;
  }, [openKey, items.length, matched]);

  const row = current?.row ?? null;
  const personName = row?.conversation?.name ?? row?.authorName ?? '';
  return (
    <aside className="thread conversation" aria-label="Conversation">
      <ThreadHead item={row} />
      {/* Pinned above the messages: who it is and how long an answer can go, however long the chat. */}
      {current && row && (
        <div className="conversation-pinned">
          <PersonCard conversation={current} />
          <ReplyWindowNotice platform={row.platform} closesAt={row.conversation?.replyWindowClosesAt ?? null} personName={personName} />
        </div>
      )}
      <div ref={body} className="thread-body">
        {error && <p className="error-text">{error}</p>}
        {!current && loading && <p className="muted">Loading the conversation…</p>}
        {current && row && (
          <>
            <ol className="chat" aria-label="Messages">
              {items.map((item) =>
                // A chat item's kind (a synced message, or one of the account's still in the outbox), not an inbox kind.
                item.kind === 'message' ? (
                  <ChatMessage
                    key={item.message.messageId}
                    message={item.message}
                    personName={personName}
                    now={now}
                    marks={terms ? matchRanges(item.message.text, terms) : []}
                    matched={item.message.messageId === matched}
                  />
                ) : (
                  <li key={item.item.id} className="chat-message from-account is-pending">
                    <OutboxCard item={item.item} />
                  </li>
                ),
              )}
            </ol>
            <ItemTeam itemKey={row.key} />
          </>
        )}
      </div>
      {row && <Composer row={row} />}
    </aside>
  );
}
