// Words of the seeded reviews: who writes them, what they say at each rating, and how the business
// answers, per kind of business, so a seeded inbox reads like a local shop's and not like lorem ipsum.
import type { Random } from '../random.ts';
import { ALNUM } from '../random.ts';
import type { ReviewerState } from './reviewTypes.ts';

const FIRST_NAMES = ['Maya', 'Jonah', 'Priya', 'Luis', 'Hannah', 'Omar', 'Grace', 'Theo', 'Aisha', 'Ben', 'Sofia', 'Daniel', 'Keiko', 'Marcus', 'Elena', 'Sam'];
const LAST_NAMES = ['Carter', 'Nguyen', 'Patel', 'Romero', 'Kim', 'Okafor', 'Schmidt', 'Lindqvist', 'Haddad', 'Brooks', 'Moreau', 'Tanaka'];

/** What customers of each seeded business mention (by the business's title). */
const THINGS: Record<string, readonly string[]> = {
  'Bloom Bakery': ['sourdough', 'cardamom buns', 'birthday cake', 'croissants', 'morning coffee'],
  'Spoke & Chain Cycles': ['tune-up', 'wheel truing', 'new commuter bike', 'flat repair', 'brake service'],
  'Brightside Dental': ['cleaning', 'crown', 'check-up', 'emergency appointment', 'whitening'],
  'Still Water Yoga': ['morning flow class', 'beginner series', 'yin class', 'weekend workshop', 'prenatal class'],
};
const ANYTHING = ['visit', 'service', 'experience'];

const BY_STARS: Record<number, readonly string[]> = {
  5: [
    'Absolutely loved the {thing}. Friendly people and worth every penny!',
    'Best {thing} in town, hands down. We keep coming back.',
    'The {thing} was perfect and the team made us feel welcome.',
  ],
  4: [
    'Really good {thing}, a bit of a wait but worth it.',
    'Solid {thing} and kind staff. Parking is tricky.',
    'Great {thing}; would be five stars if it were a little cheaper.',
  ],
  3: [
    'The {thing} was fine, nothing special this time.',
    'Mixed feelings: good {thing}, but they seemed rushed.',
    'Okay {thing}. I expected a bit more for the price.',
  ],
  2: [
    'Disappointed with the {thing}. Waited 40 minutes and nobody said sorry.',
    'The {thing} was not what I was promised on the phone.',
    'Used to love this place, but the {thing} has gone downhill.',
  ],
  1: [
    'Terrible {thing}. I was charged twice and nobody answers the phone.',
    'Rude staff and the {thing} was a mess. Never again.',
    'Booked a {thing}, showed up, and they had no record of it. Wasted my morning.',
  ],
};

const REPLIES_GOOD = ['Thank you so much, {first}! We are glad you enjoyed the {thing}. See you soon!', 'Thanks for the kind words, {first}, it made our day.'];
const REPLIES_BAD = [
  "We're sorry, {first}. That is not the {thing} we want anyone to have: please call us so we can make it right.",
  'Thank you for telling us, {first}. We have shared this with the team and would love a second chance.',
];

export function newReviewer(rng: Random, platform: 'gmb' | 'facebook'): ReviewerState {
  if (platform === 'gmb' && rng.chance(0.06)) return { name: 'A Google user', anonymous: true };
  const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  return platform === 'facebook' ? { name, id: rng.digits(15) } : { name };
}

export function thingOf(rng: Random, businessTitle: string): string {
  return rng.pick(THINGS[businessTitle] ?? ANYTHING);
}

/** A review's words at this many stars (a Facebook recommendation counts as 5, a non-recommendation as 1). */
export function reviewText(rng: Random, stars: number, thing: string): string {
  return rng.pick(BY_STARS[stars] ?? BY_STARS[3] ?? []).replace('{thing}', thing);
}

export function businessReply(rng: Random, stars: number, reviewer: ReviewerState, thing: string): string {
  const first = reviewer.anonymous ? 'and thank you' : (reviewer.name.split(' ')[0] ?? reviewer.name);
  return rng
    .pick(stars >= 4 ? REPLIES_GOOD : REPLIES_BAD)
    .replace('{first}', first)
    .replace('{thing}', thing);
}

/** Google's review ids are long opaque strings (the public example: 29 letters and digits). */
export function gmbReviewId(rng: Random): string {
  return `AbFvO${rng.chars(ALNUM, 24)}`;
}

export function facebookReviewId(rng: Random): string {
  return rng.digits(15);
}

export function reviewIdFor(rng: Random, platform: 'gmb' | 'facebook'): string {
  return platform === 'gmb' ? gmbReviewId(rng) : facebookReviewId(rng);
}

/** The id of an answer of the business (Facebook: a comment on the rating). */
export function replyIdFor(rng: Random, platform: 'gmb' | 'facebook', reviewId: string): string {
  return platform === 'gmb' ? `${reviewId}/reply` : `${reviewId}_${rng.digits(15)}`;
}
