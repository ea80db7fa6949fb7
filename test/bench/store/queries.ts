// The spread of inbox queries the benchmark times: every view, with and without "unread only",
// over no profile / one / two profiles and no network / one / two networks, first pages and
// second pages; and searches (author names, common and rare words, prefixes, two words) alone and
// combined with filters.
import type { InboxFilter, InboxView } from '../../../src/main/core/store/types.ts';
import type { Network } from '../../../src/shared/networks.ts';

const VIEWS: InboxView[] = ['all', 'needsReply', 'done', 'snoozed', 'hidden'];
const PROFILE_SETS: (string[] | undefined)[] = [undefined, ['profile-1'], ['profile-2', 'profile-3']];
const PLATFORM_SETS: (Network[] | undefined)[] = [undefined, ['instagram'], ['facebook', 'linkedin']];

export function pageFilters(now: number): InboxFilter[] {
  const filters: InboxFilter[] = [];
  for (const view of VIEWS)
    for (const unreadOnly of [false, true])
      for (const profileIds of PROFILE_SETS)
        for (const platforms of PLATFORM_SETS)
          filters.push({ view, unreadOnly, now, ...(profileIds ? { profileIds } : {}), ...(platforms ? { platforms } : {}) });
  return filters;
}

const SEARCHES = [
  'Anna',
  'Müller',
  'Yusuf Kim',
  'price',
  'shipping',
  'refund',
  'berlin',
  'love',
  'ship',
  'pri',
  'where can',
  'tutorial camera',
  'warranty broken',
  'xylophone',
];

export function searchFilters(now: number): InboxFilter[] {
  const filters: InboxFilter[] = [];
  SEARCHES.forEach((text, index) => {
    filters.push({ text, now });
    filters.push({ text, now, view: 'needsReply' });
    filters.push({ text, now, profileIds: [`profile-${(index % 4) + 1}`] });
    filters.push({ text, now, view: VIEWS[index % VIEWS.length]!, unreadOnly: index % 2 === 0, platforms: ['instagram', 'facebook'] });
  });
  return filters;
}

/** Comments alone and messages alone (the kind switch), over every view and the profile sets. */
export function kindFilters(now: number): InboxFilter[] {
  const filters: InboxFilter[] = [];
  for (const kind of ['comment', 'conversation'] as const)
    for (const view of VIEWS)
      for (const unreadOnly of [false, true])
        for (const profileIds of PROFILE_SETS) filters.push({ kind, view, unreadOnly, now, ...(profileIds ? { profileIds } : {}) });
  return filters;
}

const MESSAGE_SEARCHES = ['Amara', 'Lindqvist', 'sofia.gomez', 'refund', 'shipping', 'order never arrived', 'disc', 'tokyo', 'xylophone'];

/** Searches in direct messages: words, people by name and username; alone, with a view, with a profile. */
export function messageSearchFilters(now: number): InboxFilter[] {
  const filters: InboxFilter[] = [];
  MESSAGE_SEARCHES.forEach((text, index) => {
    filters.push({ text, now, kind: 'conversation' });
    filters.push({ text, now, kind: 'conversation', view: 'needsReply' });
    filters.push({ text, now, kind: 'conversation', profileIds: [`profile-${(index % 4) + 1}`] });
  });
  return filters;
}
