// One publication in the Posts view (decision 0051): a post sent through the service to several
// networks is one entry: its words once, its networks, its comments over all of them; its button
// opens the panel with each network's numbers and the total. Each network's post is a row of its
// own below it (with its numbers, its comments switch, its `data-post-key`), so a network's post
// stays one click away and keeps its own panel.
import { useEffect, useRef } from 'react';
import type { PostSummary } from '../../shared/domain/posts.ts';
import { pluralNoun, wordList } from '../../shared/format/formatter.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { fmt } from '../logic/format.ts';
import { postWords } from '../logic/postMetrics.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { usePostsStore } from '../stores/postsStore.ts';
import { usePublicationStore } from '../stores/publicationStore.ts';
import { NetworkIcon } from './NetworkIcon.tsx';
import { excerpt, PostRow } from './PostRow.tsx';
import './publications.css';

const COMMENTS = { one: 'comment', other: 'comments' };

export function PublicationRow({ publicationKey, members, now }: { publicationKey: string; members: PostSummary[]; now: number }) {
  const active = usePublicationStore((state) => state.openKey === publicationKey);
  const openPublication = usePublicationStore((state) => state.openPublication);
  const panelKey = usePostsStore((state) => state.panelKey);
  const ref = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const first = members[0];
  if (first === undefined) return null;
  const created = Date.parse(first.post.created);
  const comments = members.reduce((total, member) => total + member.commentCount, 0);
  const networks = wordList(members.map((member) => NETWORK_LABELS[member.post.platform]));
  const words = members.map((member) => postWords(member.post, member.latest)).find((text) => text.trim() !== '') ?? '';
  return (
    <li ref={ref} className={`publication-row${active ? ' is-current' : ''}`} data-publication-key={publicationKey}>
      <button
        type="button"
        className="post-row-button publication-button"
        aria-current={active ? 'true' : undefined}
        onClick={() =>
          void openPublication(
            publicationKey,
            members.map((member) => member.post.key),
          )
        }
      >
        <span className="post-row-head">
          <span className="publication-icons" aria-hidden="true">
            {members.map((member) => (
              <NetworkIcon key={member.post.key} network={member.post.platform} size={16} />
            ))}
          </span>
          <span className="post-row-tag">
            {members.length} networks<span className="visually-hidden">: {networks}</span>
          </span>
          <span className="post-row-date" title={exactTime(created)}>
            {relativeTime(created, now)}
          </span>
          {comments > 0 && (
            <span className="post-row-comments">
              {fmt.number(comments)} {pluralNoun(comments, COMMENTS)}
            </span>
          )}
        </span>
        <span className="post-row-text">{excerpt(words) || '(no text)'}</span>
        <span className="publication-hint muted small">Each network’s numbers and the total</span>
      </button>
      <ul className="publication-posts" aria-label={`The post on ${networks}`}>
        {members.map((member) => (
          <PostRow key={member.post.key} summary={member} active={member.post.key === panelKey} now={now} inPublication />
        ))}
      </ul>
    </li>
  );
}
