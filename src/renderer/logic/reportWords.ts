// The client report's sentences: its title, its four headline figures with the period before and
// what each means, the on-target figure in words, who is still waiting. Every date, number and
// counted word goes through the one formatter (src/shared/format/formatter.ts), made in the client's
// time zone and the system's locale. Pure: no DOM, no bridge, so the words can be tested as written.
import type { ClientReport, ResponsivenessView } from '../../shared/domain/clientReport.ts';
import { createFormatter, cutAtWord, pluralNoun, type Formatter, type Noun } from '../../shared/format/formatter.ts';
import { kindView } from '../kinds/kindViews.ts';
import { NETWORK_LABELS } from './networkLabels.ts';
import { FIGURES, pageValue } from './reportFigureDefinitions.ts';
import { timeZoneWords } from '../../shared/domain/clientSettings.ts';

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
  /** The period before's value; null when the report has no period before to compare with (comparesWithBefore). */
  before: string | null;
  /** What the figure means, in one sentence. */
  meaning: string;
}

/**
 * Whether the period before is one the app holds figures for: a client whose stored figures begin
 * inside it (a first month) has no period before, and "period before: 1" beside 542 would read as a
 * collapse that never happened. Reports kept from before the start was recorded compare as they did.
 */
export function comparesWithBefore(report: ClientReport): boolean {
  return report.figuresSince == null || report.figuresSince <= report.previous.period.start;
}

/** What the typical time means, and what it leaves out. */
function medianMeaning(view: ResponsivenessView, format: Formatter): string {
  const early = FIGURES.beforeOpening.of(view) ?? 0;
  const hours = view.counts === 'business' ? ' (counted in business hours)' : '';
  if (early > 0 && FIGURES.typical.of(view) === null) {
    const all = early === 1 ? 'The one answer was' : `All ${format.number(early)} answers were`;
    return `${all} sent before opening hours, so there is no typical time to show.`;
  }
  const leftOut =
    early > 0
      ? `; ${format.count(early, { one: 'answer', other: 'answers' })} sent before opening hours ${pluralNoun(early, { one: 'is', other: 'are' })} left out`
      : '';
  return `Half of the answers came faster than this${hours}${leftOut}.`;
}

/** The four figures of page 1, each with the period before and one sentence saying what it means (figures: reportFigureDefinitions.ts). */
export function headlines(report: ClientReport, format: Formatter): Headline[] {
  const { current: now, previous: before } = report;
  const compare = comparesWithBefore(report);
  const split = now.targetSplit;
  const splitBefore = before.targetSplit;
  // "0" when nothing was answered: a headline is a figure, never a phrase like "none answered".
  const ratio = (s: typeof split) =>
    s == null || s.answeredOnTime + s.answeredLate === 0
      ? format.number(0)
      : `${format.number(s.answeredOnTime)} of ${format.number(s.answeredOnTime + s.answeredLate)}`;
  const waitingNow = FIGURES.waiting.of(now) ?? 0;
  const pendingNow = split?.unansweredPending ?? 0;
  const given = split == null ? 0 : split.answeredOnTime + split.answeredLate;
  const beforeOf = (value: string) => (compare ? value : null);
  return [
    {
      key: 'received',
      label: FIGURES.received.name,
      value: pageValue(FIGURES.received, now, format),
      before: beforeOf(pageValue(FIGURES.received, before, format)),
      meaning: `Everything the community wrote to ${report.clientTitle}: comments on its posts and direct messages.`,
    },
    {
      key: 'on-target',
      label: split == null ? FIGURES.answered.name : `Answered within ${targetWords(split.minutes, split.clock, format)}`,
      value: split == null ? pageValue(FIGURES.answered, now, format) : ratio(split),
      before: beforeOf(split == null ? pageValue(FIGURES.answered, before, format) : ratio(splitBefore)),
      meaning:
        split == null
          ? 'No response target is set for this client.'
          : given === 0
            ? 'No answer was given in this period.'
            : `Of the ${format.count(given, ANSWER)} given, ${format.number(split.answeredOnTime)} came within the target and ${format.number(split.answeredLate)} later.`,
    },
    {
      key: 'median',
      label: FIGURES.typical.name,
      value: pageValue(FIGURES.typical, now, format),
      before: beforeOf(pageValue(FIGURES.typical, before, format)),
      meaning: medianMeaning(now, format),
    },
    {
      key: 'waiting',
      label: FIGURES.waiting.name,
      value: pageValue(FIGURES.waiting, now, format),
      before: beforeOf(pageValue(FIGURES.waiting, before, format)),
      meaning:
        waitingNow === 0
          ? 'Every comment and message of the period has had an answer.'
          : `Still open when this report was made${pendingNow > 0 ? `, ${format.number(pendingNow)} of them still within the target` : ''}.`,
    },
  ];
}

/** "Answered before opening hours" in words, or null when none was. */
export function beforeOpeningWords(view: ResponsivenessView, format: Formatter): string | null {
  const early = FIGURES.beforeOpening.of(view) ?? 0;
  if (early === 0) return null;
  return `${format.number(early)} of the answers came before opening hours`;
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
      where: `${network} ${kindView(item.kind).words.report.waitingItem}, ${format.dateTime(item.createdAt)}`,
      words: item.text === undefined || item.text.trim() === '' ? '(no text)' : `“${cutAtWord(item.text, WAITING_WORDS)}”`,
      age: `waiting ${ageWords(item.ageMs, view.counts, format)}`,
    };
  });
}

/** "business hours, New York time" or "every hour, New York time": the clock and the zone the report's times are counted in. */
export function countedInWords(report: ClientReport): string {
  return `${report.current.counts === 'business' ? 'business hours' : 'every hour of the day'}, ${timeZoneWords(report.settings.timeZone)}`;
}

/**
 * "Prepared 28 Nov 2026, 18:05": the moment on the user's own clock (the page's zone: the Prepared
 * list says the same), its zone named when the client's hours are counted in another.
 */
export function preparedWords(report: ClientReport, format: Formatter): string {
  const mine = createFormatter({ locale: format.locale });
  const zone = mine.timeZone === report.settings.timeZone ? '' : ` (${timeZoneWords(mine.timeZone)})`;
  return `Prepared ${mine.dateTime(report.current.asOf)}${zone}`;
}

/** The definitions and caveats the footnote gives, in the client's words. */
export function definitions(report: ClientReport, format: Formatter): string {
  const target = report.settings.responseTarget;
  const hours = `Times are counted in ${countedInWords(report)}, from the moment a comment or message arrived to the first answer.`;
  const targetLine =
    target === null
      ? ''
      : ` “Within ${targetWords(target.minutes, target.clock, format)}”: the first answer came no later than that after the comment or message arrived; one that arrived out of hours and was answered before the next opening counts as on time.`;
  const awaiting = report.postsAwaitingFigures ?? 0;
  const posts =
    awaiting > 0
      ? ` Top posts are ranked on the figures the networks had reported when the report was made; ${format.count(awaiting, { one: 'post', other: 'posts' })} had none yet.`
      : '';
  const since =
    !comparesWithBefore(report) && report.figuresSince != null
      ? ` The figures begin on ${format.date(report.figuresSince)}, so there is no period before to compare with.`
      : '';
  return `${hours}${targetLine} “Not answered yet”: no answer by the time the report was made. A direct message counts once per turn of the conversation.${posts}${since}`;
}
