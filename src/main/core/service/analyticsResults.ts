// Merges the answers of analytics batches into one result per id. An id the service does not find
// for the account (code 186) is a result of its own ("not found for this account"), not a failure
// of the batch it was in; a batch that failed outright fails only its own ids.
import type { Network } from '../../../shared/networks.ts';
import {
  ANALYTICS_ID_NOT_FOUND,
  type AnalyticsBySocialIdsResponse,
  type AnalyticsEntry,
  AnalyticsEntrySchema,
  type AnalyticsIdError,
  AnalyticsIdErrorSchema,
} from '../../../shared/wire/analytics.ts';
import type { ServiceClientError } from './errors.ts';

export type AnalyticsIdResult =
  | { id: string; status: 'found'; entry: AnalyticsEntry }
  | { id: string; status: 'not-found'; message: string }
  /** The service named the id with another error code. */
  | { id: string; status: 'refused'; code: number; message: string }
  /** The request that carried this id failed (network, 5xx, …), or its answer left the id out. */
  | { id: string; status: 'failed'; error: ServiceClientError | undefined; message: string };

export interface AnalyticsBatchResult {
  platform: Network;
  /** One result per distinct id asked for, in the order asked. */
  results: AnalyticsIdResult[];
  /** How many requests it took. */
  requests: number;
}

/** The per-id outcomes one answer holds, keyed by id. */
export function outcomesOf(platform: Network, answer: AnalyticsBySocialIdsResponse): Map<string, AnalyticsIdResult> {
  const outcomes = new Map<string, AnalyticsIdResult>();
  const underPlatform = answer[platform];
  const listed = underPlatform === undefined ? [] : Array.isArray(underPlatform) ? underPlatform : [underPlatform];
  const errorOf = (error: AnalyticsIdError) => {
    if (error.id === undefined || outcomes.get(error.id)?.status === 'found') return;
    outcomes.set(
      error.id,
      error.code === ANALYTICS_ID_NOT_FOUND
        ? { id: error.id, status: 'not-found', message: error.message }
        : { id: error.id, status: 'refused', code: error.code, message: error.message },
    );
  };
  for (const item of listed) {
    const entry = AnalyticsEntrySchema.safeParse(item);
    if (entry.success) outcomes.set(entry.data.id, { id: entry.data.id, status: 'found', entry: entry.data });
    else {
      const error = AnalyticsIdErrorSchema.safeParse(item);
      if (error.success) errorOf(error.data);
    }
  }
  for (const error of answer.errors ?? []) errorOf(error);
  return outcomes;
}

export function mergeBatches(
  platform: Network,
  batches: readonly { ids: readonly string[]; outcome: { answer: AnalyticsBySocialIdsResponse } | { error: ServiceClientError } }[],
): AnalyticsBatchResult {
  const results: AnalyticsIdResult[] = [];
  for (const batch of batches) {
    if ('error' in batch.outcome) {
      const { error } = batch.outcome;
      for (const id of batch.ids) results.push({ id, status: 'failed', error, message: error.message });
      continue;
    }
    const outcomes = outcomesOf(platform, batch.outcome.answer);
    for (const id of batch.ids) {
      results.push(outcomes.get(id) ?? { id, status: 'failed', error: undefined, message: `The service's answer did not mention post ${id}` });
    }
  }
  return { platform, results, requests: batches.length };
}
