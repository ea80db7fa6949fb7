// In place of the composer, for a comment the app cannot answer (logic/answerElsewhere.ts): why,
// and the way to answer it on its network.
import type { AnswerElsewhere as Where } from '../../logic/answerElsewhere.ts';
import './answerElsewhere.css';

export function AnswerElsewhere({ where, url }: { where: Where; url: string | null }) {
  return (
    <section className="answer-elsewhere" aria-label="Where to answer">
      <p>{where.why}</p>
      {url ? (
        <a className="button primary small" href={url} target="_blank" rel="noreferrer noopener">
          {where.label}
        </a>
      ) : (
        <p className="muted">The post’s address is not known yet: open {where.network} and find the post there.</p>
      )}
    </section>
  );
}
