// The team's part of the client report (issue 22): the replies other devices of the workspace sent,
// read from their outbox status documents, so that (1) the report times a teammate's reply by its
// confirmed delivery, as it times this device's own (the same rule for every reply the app sent),
// and (2) the per-member figures know who sent what. This device's own replies come from its own
// outbox (the source of truth here; its status documents may still be on their way).
import type { OutboxStatusDoc } from '../../../shared/domain/teamDocuments.ts';
import { isConversationKey } from '../store/keys.ts';
import type { ConfirmedReply } from '../report/firstResponses.ts';
import type { MemberReply } from '../report/memberResponsiveness.ts';
import type { OutboxItem } from '../outbox/types.ts';

/** What the report reads of the team: who this device is, and every device's outbox statuses. */
export interface ReportTeam {
  member: string;
  device: string;
  statuses: readonly OutboxStatusDoc[];
}

/** A status of another device for this client: a reply written for its profile, or a direct message (matched to the client's conversations by key). */
function othersFor(team: ReportTeam, profileId: string): OutboxStatusDoc[] {
  return team.statuses.filter((status) => status.device !== team.device && (status.profileId === profileId || isConversationKey(status.itemKey)));
}

/** Other devices' confirmed deliveries, as the report's rule reads them (firstResponses.ts). */
export function teammatesConfirmed(team: ReportTeam, profileId: string): ConfirmedReply[] {
  return othersFor(team, profileId).flatMap((status) =>
    (status.delivery ?? []).map((delivery) => ({
      answers: status.itemKey,
      platform: delivery.network,
      socialCommentId: delivery.socialCommentId,
      at: delivery.at,
    })),
  );
}

/**
 * Every member's replies for this client: this device's sent items (as this member) and the other
 * devices' statuses. A direct message counts only when its conversation is one of this client's
 * (`conversationKeys`): it is sent as the account, with no client named.
 */
export function memberReplies(team: ReportTeam, profileId: string, ownSent: readonly OutboxItem[], conversationKeys: ReadonlySet<string>): MemberReply[] {
  const forClient = (key: string, profile: string | undefined) => (isConversationKey(key) ? conversationKeys.has(key) : profile === profileId);
  const own = ownSent
    .filter((item) => forClient(item.answers, item.target.profileId))
    .map((item) => ({
      member: team.member,
      reply: `${team.device}:${item.id}`,
      answers: item.answers,
      deliveredAt: Object.values(item.results).flatMap((result) => (result?.state === 'sent' ? [result.at] : [])),
    }));
  const others = othersFor(team, profileId)
    .filter((status) => forClient(status.itemKey, status.profileId))
    .map((status) => ({
      member: status.who,
      reply: `${status.device}:${status.outboxId}`,
      answers: status.itemKey,
      deliveredAt: (status.delivery ?? []).map((delivery) => delivery.at),
    }));
  return [...own, ...others].filter((reply) => reply.deliveredAt.length > 0);
}
