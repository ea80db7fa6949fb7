// The client report: read from the store, the outboxes and the client's settings, computed by the
// pure code of ../report. Offline by construction: nothing here calls the service.
import type { ClientReport } from '../../../shared/domain/clientReport.ts';
import { clientSettingsSchema, defaultClientSettings, isKnownTimeZone, type ClientSettings } from '../../../shared/domain/clientSettings.ts';
import { editedClientSettings } from './clientSettingsEdit.ts';
import { isNetwork } from '../../../shared/networks.ts';
import { accountGrowth } from '../report/accountGrowth.ts';
import type { ConfirmedReply } from '../report/firstResponses.ts';
import { ReceivedColumns } from '../report/receivedColumns.ts';
import { ReportInputError } from '../report/reportInputError.ts';
import { receivedByDay, reportPeriods } from '../report/reportPeriod.ts';
import { computeResponsiveness } from '../report/responsiveness.ts';
import { topPosts } from '../report/topPosts.ts';
import { reviewLines } from '../report/reviewLines.ts';
import type { ReviewStore } from '../store/reviewTable.ts';
import { INBOX_KINDS, inboxKindNamed } from '../kinds/inboxKinds.ts';
import type { OutboxItem } from '../outbox/types.ts';
import type { AccountSnapshotStore, MessageStore, ReportStore, Store } from '../store/types.ts';
import type { AccountService } from './accountService.ts';
import type { ClientSettingsFile } from './clientSettingsFile.ts';
import type { PostService } from './postService.ts';
import { CoreRefusal, refuse } from '../refusal.ts';
import { memberResponsiveness } from '../report/memberResponsiveness.ts';
import { memberReplies, type ReportTeam, teammatesConfirmed } from './reportTeamReplies.ts';

export interface ReportServiceDeps {
  /** `accountFiguresUnread`: the account-analytics sync's notes of networks it could not read. */
  /** `thread`, `conversation`: who wrote the items still waiting, and what. */
  store: ReportStore &
    Pick<AccountSnapshotStore, 'accountSnapshots'> &
    Pick<Store, 'accountFiguresUnread' | 'thread'> &
    Pick<MessageStore, 'conversation'> &
    Partial<Pick<ReviewStore, 'reportReviews' | 'review'>>;
  accounts: AccountService;
  posts: PostService;
  settingsFile: ClientSettingsFile;
  now: () => number;
  /** The zone a client without settings starts in: the system's. */
  systemTimeZone?: () => string;
  /** In a team: who this device is and every device's outbox statuses (null outside one: the report is as it was). */
  team?: () => ReportTeam | null;
}

function systemZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isKnownTimeZone(zone) ? zone : 'UTC';
}

export class ReportService {
  readonly #d: ReportServiceDeps;

  constructor(deps: ReportServiceDeps) {
    this.#d = deps;
  }

  /** A client's settings; a client without saved ones counts in the user's zone (the page's, remembered), else the computer's. */
  settings(profileId: string): ClientSettings {
    this.#d.accounts.profile(profileId);
    return this.#d.settingsFile.get(profileId) ?? defaultClientSettings(this.#defaultZone());
  }

  #defaultZone(): string {
    try {
      const user = this.#d.settingsFile.userTimeZone();
      if (user !== null) return user;
    } catch {
      // An unreadable file: the computer's zone, as before the page said its own.
    }
    return (this.#d.systemTimeZone ?? systemZone)();
  }

  /** The page's zone (the user's clock): remembered when it changed. A file that cannot be written keeps the previous one. */
  #noteUserZone(timeZone: string | undefined): void {
    if (timeZone === undefined || !isKnownTimeZone(timeZone)) return;
    try {
      this.#d.settingsFile.setUserTimeZone(timeZone);
    } catch {
      // Not saved: this report still counts in the zone the client had.
    }
  }

  /** `opened`: what the form showed when it opened; then only the fields changed since are saved (clientSettingsEdit.ts). */
  updateSettings(profileId: string, settings: ClientSettings, opened?: ClientSettings): ClientSettings {
    this.#d.accounts.profile(profileId);
    const edited = opened === undefined ? settings : editedClientSettings(opened, settings, this.settings(profileId));
    // The bridge checked the shape; checked again here since this is what the report will trust.
    const parsed = clientSettingsSchema.safeParse(edited);
    if (!parsed.success) refuse(parsed.error.issues.map((issue) => issue.message).join('; '));
    try {
      this.#d.settingsFile.set(profileId, parsed.data);
    } catch (error) {
      // A full disk or a folder that cannot be written: said in words, the previous settings stay.
      refuse(`The client's settings could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    }
    return parsed.data;
  }

  /**
   * The report of one client for a range of its calendar days, as of `now` (the moment it is made:
   * answers after it do not count yet). A prepared report passes the moment it was prepared.
   */
  async report(input: { profileId: string; from: string; to: string; userTimeZone?: string | undefined }, now: number = this.#d.now()): Promise<ClientReport> {
    const profile = this.#d.accounts.profile(input.profileId);
    this.#noteUserZone(input.userTimeZone);
    const settings = this.settings(input.profileId);
    try {
      const periods = reportPeriods(input.from, input.to, settings.timeZone);
      const ownSent = await this.#sentItems(profile.accountId, input.profileId);
      const team = this.#d.team?.() ?? null;
      // A teammate's reply is timed by its confirmed delivery too, as this device's own are.
      const confirmed = [...confirmedReplies(ownSent), ...(team ? teammatesConfirmed(team, input.profileId) : [])];
      const asOf = now;
      // Both periods in one read: they touch, and the period before's answers are read anyway
      // (they can come after its end), so one read serves both; computeResponsiveness keeps each
      // period's items.
      const both = { start: periods.previous.start, end: periods.current.end };
      const store = this.#d.store;
      const items = new ReceivedColumns((rowIds) => store.reportCommentKeys(rowIds));
      // Each kind adds its own items (comments; a conversation's turns), with their first responses.
      for (const kind of INBOX_KINDS) kind.report.addItems(items, store, input.profileId, both, confirmed);
      const posts = this.#d.posts.list(input.profileId);
      const postsInPeriod = posts.filter(({ post }) => {
        const created = Date.parse(post.created);
        return created >= periods.current.start && created < periods.current.end;
      });
      const top = topPosts(
        posts,
        periods.current,
        store.reportCommentsPerPost(
          input.profileId,
          periods.current,
          postsInPeriod.map(({ post }) => post.key),
        ),
      );
      const current = computeResponsiveness({ items, period: periods.current, asOf, settings });
      const byMember =
        team === null
          ? null
          : memberResponsiveness({
              items,
              period: periods.current,
              asOf,
              settings,
              replies: memberReplies(team, input.profileId, ownSent, namedItemKeys(items)),
            });
      current.slowestUnanswered = current.slowestUnanswered.map((item) => ({
        ...item,
        ...this.#waitingWords(input.profileId, item.id, item.kind, item.createdAt),
      }));
      return {
        profileId: input.profileId,
        clientTitle: profile.title,
        settings,
        current,
        previous: computeResponsiveness({ items, period: periods.previous, asOf, settings }),
        byDay: receivedByDay(items.createdWithin(periods.current.start, periods.current.end), input.from, periods.days, settings.timeZone),
        topPosts: top.posts,
        ...(top.awaitingFigures > 0 ? { postsAwaitingFigures: top.awaitingFigures } : {}),
        // Snapshot days are the figures' UTC days; the period's days are the client's: close enough for growth.
        growth: accountGrowth(this.#d.store.accountSnapshots(input.profileId, input.from, input.to)),
        figuresUnread: this.#figuresUnread(input.profileId, periods.current.end),
        ...(byMember !== null ? { byMember } : {}),
        figuresSince: oldestPost(posts),
        ...(store.reportReviews === undefined
          ? {}
          : {
              reviews: reviewLines(
                store.reportReviews(input.profileId, periods.current.start, periods.current.end),
                store.reportReviews(input.profileId, periods.previous.start, periods.previous.end),
                settings,
              ),
            }),
      };
    } catch (error) {
      if (error instanceof ReportInputError) refuse(error.message);
      throw error;
    }
  }

  /** Who wrote an item still waiting and what (a direct message's turn: the person's message that opened it); {} when the store has it no more. */
  #waitingWords(profileId: string, id: string, kind: string, createdAt: number): { author?: string; text?: string } {
    try {
      return inboxKindNamed(kind).report.waitingWords(this.#d.store, profileId, id, createdAt);
    } catch {
      // The words are a courtesy: a store that cannot read them leaves the item with its network and age.
      return {};
    }
  }

  /** The networks the sync could not read since before the period ended: their growth has a gap to explain. */
  #figuresUnread(profileId: string, periodEnd: number): NonNullable<ClientReport['figuresUnread']> {
    // Notes the store cannot read are left out; the report itself does not fail for them.
    try {
      return this.#d.store.accountFiguresUnread(profileId).filter((note) => note.since < periodEnd);
    } catch {
      return [];
    }
  }

  /**
   * This client's replies and the account's direct messages in the outbox. Right after a start the account may
   * still be starting: its outbox is waited for, or the report would time the app's own replies
   * by the sync. An account that could not start (or an outbox that is not open) has none to give.
   */
  async #sentItems(accountId: string, profileId: string): Promise<OutboxItem[]> {
    let items: OutboxItem[] = [];
    try {
      items = (await this.#d.accounts.runtime(accountId)).outboxIfOpen?.list() ?? [];
    } catch (error) {
      if (!(error instanceof CoreRefusal)) throw error;
    }
    // A direct message is sent as the account (no profile in its target): its conversation key,
    // matched against this client's conversations only, says whose it is.
    return items.filter((item) => item.target.profileId === undefined || item.target.profileId === profileId);
  }
}

/** When the client's stored figures begin: its oldest stored post's creation (null: none stored). */
function oldestPost(posts: ReadonlyArray<{ post: { created: string } }>): number | null {
  let oldest = Number.POSITIVE_INFINITY;
  for (const { post } of posts) {
    const created = Date.parse(post.created);
    if (created < oldest) oldest = created;
  }
  return Number.isFinite(oldest) ? oldest : null;
}

/** Replies and direct messages the outbox saw live, per network. */
function confirmedReplies(items: readonly OutboxItem[]): ConfirmedReply[] {
  const confirmed: ConfirmedReply[] = [];
  for (const item of items) {
    // for-in, not Object.entries: no array per item of the outbox (thousands a report).
    for (const platform in item.results) {
      const result = item.results[platform as keyof typeof item.results];
      if (result?.state !== 'sent' || !isNetwork(platform)) continue;
      confirmed.push({ answers: item.answers, platform, socialCommentId: result.socialCommentId, at: result.at });
    }
  }
  return confirmed;
}

/**
 * The keys of the report's items that carry their key (a direct message's turns: named by their
 * conversation, whose answers are sent as the account and matched to the client by key); a comment
 * is named by its row id and matched by its profile instead.
 */
function namedItemKeys(items: ReceivedColumns): Set<string> {
  return new Set(items.carriedNames());
}
