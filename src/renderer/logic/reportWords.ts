// The client report's sentences: its title, its four headline figures with the period before and
// what each means, the on-target figure in words, who is still waiting. Every date, number and
// counted word goes through the one formatter (src/shared/format/formatter.ts), made in the client's
// time zone and the system's locale. Pure: no DOM, no bridge, so the words can be tested as written.
import type { ClientReport, ResponsivenessView } from '../../shared/domain/clientReport.ts';
import { createFormatter, cutAtWord, pluralNoun, type Formatter, type Noun } from '../../shared/format/formatter.ts';
import { NETWORK_LABELS } from './networkLabels.ts';

const ITEM: Noun = { one: 'comment or message', other: 'comments and messages' };
const ANSWER: Noun = { one: 'answer', other: 'answers' };
const BUSINESS_HOUR: Noun = { one: 'business hour', other: 'business hours' };
const HOUR: Noun = { one: 'hour', other: 'hours' };

/** The report's formatter: the client's zone, the system's locale and clock. */
export function reportFormatter(report: ClientReport, locale?: string): Formatter {
  return createFormatter({ timeZone: report.settings.timeZone, ...(locale === undefined ? {} : { locale }) });
}

/** Intl's thin spaces around a range's dash, as plain spaces: a title and a file name are typed text. */
function plainSpaces(text: string): string {
  return text.replace(/[\u2009\u202f]/gu, ' ');
}

/** "1 – 31 Oct 2026": the period's days on the client's calendar. */
export function periodWords(report: ClientReport, format: Formatter): string {
  return plainSpaces(format.dayRange(report.current.period.start, report.current.period.end));
}

/** "Bloom Bakery – 1 – 31 Oct 2026 report": the PDF's title and file name. */
export function reportTitle(report: ClientReport, format: Formatter): string {
  return `${report.clientTitle} – ${periodWords(report, format)} report`;
}

/** "4 business hours", "90 minutes" of a target. */
export function targetWords(minutes: number, clock: 'business' | 'wall', format: Formatter): string {
  if (minutes % 60 === 0) return format.count(minutes / 60, clock === 'business' ? BUSINESS_HOUR : HOUR);
  return `${format.duration(minutes * 60_000)}${clock === 'business' ? ' of business hours' : ''}`;
}

/** A duration, or "—" when there is none. */
function durationOr(ms: number | null | undefined, format: Formatter): string {
  return ms == null ? '—' : format.duration(ms);
}

/** The on-target figure in one line: "86 of 103 answered within 4 business hours; 439 not answered yet". */
export function onTargetWords(view: ResponsivenessView, format: Formatter): string | null {
  const split = view.targetSplit;
  if (split == null) return null;
  const answered = split.answeredOnTime + split.answeredLate;
  const waiting = split.unansweredOverdue + split.unansweredPending;
  const head = `${format.number(split.answeredOnTime)} of ${format.number(answered)} answered within ${targetWords(split.minutes, split.clock, format)}`;
  return waiting === 0 ? head : `${head}; ${format.number(waiting)} not answered yet`;
}

export interface Headline {
  key: 'received' | 'on-target' | 'median' | 'waiting';
  label: string;
  value: string;
  before: string;
  /** What the figure means, in one sentence. */
  meaning: string;
}

function medianOf(view: ResponsivenessView): number | null {
  // The typical time of the items answered after the clock started: those answered before opening
  // are counted apart. When every answer came before opening there is no typical time ("—"), not 0.
  return view.beforeOpening === undefined ? view.firstResponse.medianMs : view.beforeOpening.inHours.medianMs;
}

/** What the typical time means, and what it leaves out. */
function medianMeaning(view: ResponsivenessView, format: Formatter): string {
  const early = view.beforeOpening?.answered ?? 0;
  const hours = view.counts === 'business' ? ' (counted in business hours)' : '';
  if (early > 0 && medianOf(view) === null) {
    const all = early === 1 ? 'The one answer was' : `All ${format.number(early)} answers were`;
    return `${all} sent before opening hours, so there is no typical time to show.`;
  }
  const leftOut =
    early > 0
      ? `; ${format.count(early, { one: 'answer', other: 'answers' })} sent before opening hours ${pluralNoun(early, { one: 'is', other: 'are' })} left out`
      : '';
  return `Half of the answers came faster than this${hours}${leftOut}.`;
}

/** The four figures of page 1, each with the period before and one sentence saying what it means. */
export function headlines(report: ClientReport, format: Formatter): Headline[] {
  const { current: now, previous: before } = report;
  const split = now.targetSplit;
  const splitBefore = before.targetSplit;
  const ratio = (s: typeof split) =>
    s == null || s.answeredOnTime + s.answeredLate === 0
      ? 'none answered'
      : `${format.number(s.answeredOnTime)} of ${format.number(s.answeredOnTime + s.answeredLate)}`;
  const waitingNow = now.totals.unanswered;
  const pendingNow = split?.unansweredPending ?? 0;
  return [
    {
      key: 'received',
      label: 'Comments and messages received',
      value: format.number(now.totals.received),
      before: format.number(before.totals.received),
      meaning: `Everything the community wrote to ${report.clientTitle}: comments on its posts and direct messages.`,
    },
    {
      key: 'on-target',
      label: split == null ? 'Answered' : `Answered within ${targetWords(split.minutes, split.clock, format)}`,
      value: split == null ? format.number(now.totals.answered) : ratio(split),
      before: split == null ? format.number(before.totals.answered) : ratio(splitBefore),
      meaning:
        split == null
          ? 'No response target is set for this client.'
          : `Of the ${format.count(split.answeredOnTime + split.answeredLate, ANSWER)} given, ${format.number(split.answeredOnTime)} came within the target and ${format.number(split.answeredLate)} later.`,
    },
    {
      key: 'median',
      label: 'Typical first answer',
      value: durationOr(medianOf(now), format),
      before: durationOr(medianOf(before), format),
      meaning: medianMeaning(now, format),
    },
    {
      key: 'waiting',
      label: 'Not answered yet',
      value: format.number(waitingNow),
      before: format.number(before.totals.unanswered),
      meaning:
        waitingNow === 0
          ? 'Every comment and message of the period has had an answer.'
          : `Still open when this report was made${pendingNow > 0 ? `, ${format.number(pendingNow)} of them still within the target` : ''}.`,
    },
  ];
}

/** "Answered before opening hours" in words, or null when none was. */
export function beforeOpeningWords(view: ResponsivenessView, format: Formatter): string | null {
  const early = view.beforeOpening?.answered ?? 0;
  if (early === 0) return null;
  return `${format.count(early, ITEM)} answered before opening hours (counted as answered on time, left out of the typical time)`;
}

/** How many of each list page 2 has room for (the appendix has every top post). */
export const PAGE_TWO_POSTS = 5;
export const PAGE_TWO_WAITING = 3;

/** How much of a waiting item's text the report quotes. */
export const WAITING_WORDS = 70;

/** One item still waiting: who, where, the first words of what they wrote, how long. */
export interface WaitingLine {
  key: string;
  who: string;
  where: string;
  words: string;
  age: string;
}

/** An age in hours: business hours are not days of 24 hours, so "166 business hours", never "6 d 22 h". */
export function ageWords(ms: number, counts: 'business' | 'wall', format: Formatter): string {
  const noun = counts === 'business' ? BUSINESS_HOUR : HOUR;
  if (ms < 3_600_000) return `under ${format.count(1, noun)}`;
  return format.count(Math.round(ms / 3_600_000), noun);
}

export function waitingLines(view: ResponsivenessView, format: Formatter, count: number): WaitingLine[] {
  return view.slowestUnanswered.slice(0, count).map((item) => {
    const network = item.network === 'reddit' ? 'Reddit' : NETWORK_LABELS[item.network];
    return {
      key: `${item.id} ${item.createdAt}`,
      who: item.author ?? 'Someone',
      where: `${network} ${item.kind === 'dm' ? 'message' : 'comment'}, ${format.dateTime(item.createdAt)}`,
      words: item.text === undefined || item.text.trim() === '' ? '(no text)' : `“${cutAtWord(item.text, WAITING_WORDS)}”`,
      age: `waiting ${ageWords(item.ageMs, view.counts, format)}`,
    };
  });
}

/** The definitions the footnote gives. */
export function definitions(report: ClientReport, format: Formatter): string {
  const target = report.settings.responseTarget;
  const hours = report.current.counts === 'business' ? 'Times are counted in the client’s business hours' : 'Times are counted in every hour of the day';
  const zone = format.zoneName();
  const targetLine =
    target === null
      ? ''
      : ` “Within ${targetWords(target.minutes, target.clock, format)}”: the first answer came no later than that after the comment or message arrived; an item that arrived out of hours and was answered before the next opening counts as on time.`;
  return `${hours} (${zone}), from the moment a comment or message arrived to the account’s first answer; an answer sent from this app is timed when the network confirmed it was live.${targetLine} “Not answered yet”: no answer by the time the report was made. A direct message counts once per turn of the conversation.`;
}
