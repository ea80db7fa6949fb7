// What outside people write and who they are: the comment texts and author names of the seeded
// world and of the sandbox's live activity (new comments arriving while it runs). A freelancer
// triages these, so the mix matters: questions that need an answer, complaints that need care,
// and a lot of noise (compliments, emojis, friends tagging friends, spam) that does not.
// Over 400 lines on purpose: it is data (word lists and templates), one concern, read top to bottom.
import type { Network } from '../../shared/networks.ts';
import { newAuthorId } from '../ids.ts';
import type { Random } from '../random.ts';

/** What a comment asks of the account: seed.ts replies to questions and complaints more often. */
export type CommentKind = 'question' | 'compliment' | 'complaint' | 'emoji' | 'tag' | 'long' | 'spam' | 'chatter';

export interface OutsideComment {
  text: string;
  kind: CommentKind;
}

export interface Author {
  id: string;
  username: string;
}

const FIRST_NAMES = [
  'Maria',
  'James',
  'Aisha',
  'Tom',
  'Priya',
  'Lucas',
  'Emma',
  'Noah',
  'Sofia',
  'Liam',
  'Chloe',
  'Mateo',
  'Hannah',
  'Ethan',
  'Zoe',
  'Daniel',
  'Grace',
  'Omar',
  'Lily',
  'Ben',
  'Mia',
  'Jonah',
  'Ava',
  'Samir',
  'Ruby',
  'Leo',
  'Nora',
  'Kai',
  'Isla',
  'Marcus',
  'Elena',
  'Theo',
  'Yuki',
  'Caleb',
  'Fatima',
  'Owen',
  'Harper',
  'Diego',
  'Layla',
  'Felix',
  'Jade',
  'Arjun',
  'Stella',
  'Hugo',
  'Amara',
  'Rosa',
  'Finn',
  'Keiko',
  'Tessa',
  'Malik',
  'Ingrid',
  'Pablo',
  'Wren',
  'Dev',
  'Clara',
  'Rafael',
  'June',
  'Tariq',
  'Maeve',
  'Jules',
] as const;

const LAST_NAMES = [
  'Lopez',
  'Nguyen',
  'Smith',
  'Patel',
  'Kim',
  'Garcia',
  'Brown',
  'Okafor',
  'Rossi',
  'Schmidt',
  'Chen',
  'Walker',
  'Haddad',
  'Johansson',
  'Murphy',
  'Silva',
  'Tanaka',
  'Cohen',
  'Novak',
  'Reyes',
  'Baker',
  'Ali',
  'Martin',
  'Wright',
  'Dubois',
  'Kowalski',
  'Singh',
  'Foster',
  'Hughes',
  'Moreno',
  'Bennett',
  'Park',
  'Adeyemi',
  'Larsen',
  'Costa',
  'Hill',
  'Ward',
  'Ito',
  'Mendes',
  'Quinn',
] as const;

/** Interests people put in their handles ("maria.bakes", "tom_rides"). */
const HANDLE_WORDS = [
  'bakes',
  'rides',
  'runs',
  'eats',
  'yoga',
  'pdx',
  'designs',
  'travels',
  'reads',
  'cooks',
  'lifts',
  'climbs',
  'photo',
  'makes',
  'sews',
  'plants',
  'coffee',
  'outdoors',
  'studio',
  'life',
] as const;

// ---- authors ----

function handleBase(rng: Random): string {
  const first = rng.pick(FIRST_NAMES).toLowerCase();
  const last = rng.pick(LAST_NAMES).toLowerCase();
  switch (rng.int(0, 5)) {
    case 0:
      return `${first}.${last}`;
    case 1:
      return `${first}_${rng.pick(HANDLE_WORDS)}`;
    case 2:
      return `${first}${last}${rng.int(1, 99)}`;
    case 3:
      return `${first.charAt(0)}${last}`;
    case 4:
      return `the_real_${first}`;
    default:
      return `${first}.${rng.pick(HANDLE_WORDS)}${rng.int(80, 99)}`;
  }
}

function fullName(rng: Random): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** A username in the style the network shows it in comment records. */
function usernameFor(rng: Random, platform: Network): string {
  switch (platform) {
    // Facebook and LinkedIn show people by their names, not by handles.
    case 'facebook':
    case 'linkedin':
      return fullName(rng);
    case 'bluesky':
      // Most people keep the default domain; a few use their own.
      return rng.chance(0.85)
        ? `${handleBase(rng).replace(/_/g, '-')}.bsky.social`
        : `${rng.pick(FIRST_NAMES).toLowerCase()}.${rng.pick(['dev', 'net', 'blog', 'studio'])}`;
    case 'youtube':
      return `@${handleBase(rng).replace(/\./g, '')}`;
    case 'twitter':
      // X handles: letters, digits and underscores, at most 15 characters.
      return handleBase(rng).replace(/\./g, '_').slice(0, 15);
    default:
      return handleBase(rng);
  }
}

/** A new outside author on a network: an id in the network's format and a username in its style. */
export function outsideAuthor(rng: Random, platform: Network): Author {
  return { id: newAuthorId(rng, platform), username: usernameFor(rng, platform) };
}

/** How a comment names another person: a handle where the network has them, a name where not. */
export function mentionOf(platform: Network, username: string): string {
  if (platform === 'facebook' || platform === 'linkedin') return username;
  return username.startsWith('@') ? username : `@${username}`;
}

// ---- outside comments ----

const QUESTIONS = [
  'Do you ship to Canada?',
  'What are your hours this weekend?',
  'Is this still available?',
  'How much is this?',
  'Do you do gift cards?',
  'Are you open on the holiday Monday?',
  'Where are you located exactly?',
  'Can I book for a group of 6?',
  'Do you have student discounts?',
  'Is there parking nearby?',
  'Do you take cards or is it cash only?',
  'Is the space wheelchair accessible?',
  'Any chance you will do this again next month?',
  'How do I sign up? The link in your bio is broken',
  'Did you get my DM? Sent it on Tuesday',
  'Do you deliver to the east side?',
  'Is this suitable for complete beginners?',
  'What time should I come to avoid the queue?',
  'Can I bring my kids?',
  'Do you have anything for people with allergies?',
  'Is there a waitlist?',
  'How far ahead do I need to book?',
  'Are you hiring? 👀',
  'Do you offer payment plans?',
  'Will there be a recording for people who can’t make it?',
  'Is this price per person?',
  'Can I change my booking to Thursday?',
] as const;

const COMPLIMENTS = [
  'Love this! 😍',
  'This made my day',
  'Best in town, hands down',
  'Obsessed 🙌',
  'So good!!',
  'You guys never miss',
  'Beautiful work 👏',
  'Wow 😮',
  'Need this in my life',
  'Such a great team, always so friendly',
  'This is why I keep coming back ❤️',
  'Absolutely stunning',
  'Can confirm, it’s amazing',
  'Yesss finally!',
  'Incredible as always ✨',
  'Been waiting for this 🙏',
  'Love the vibe here',
  'Recommended you to all my friends',
] as const;

const COMPLAINTS = [
  'I waited 40 minutes last Saturday and nobody apologized.',
  'Ordered on Tuesday, still nothing. Not impressed.',
  'Prices went up again? 😕',
  'Your website checkout keeps failing on my phone.',
  'Called twice and no one picked up.',
  'The online booking charged me twice, who do I talk to?',
  'Honestly the last visit was disappointing compared to before.',
  'Why was this cancelled with no notice? I took the afternoon off for it.',
  'The link in your post goes to a 404.',
  'Still no reply to my email from last week…',
] as const;

const EMOJI_ONLY = ['🔥🔥🔥', '😍', '👏👏', '❤️', '🙌', '😍😍😍', '💯', '🥹', '✨✨', '👍'] as const;

/** Friends tagging friends: `{who}` is replaced by a mention. */
const TAGS = [
  '{who} we need to go here',
  '{who} look!! 😂',
  '{who} this is what I was telling you about',
  '{who} saturday?',
  '{who} 👀👀',
  '{who} you would love this',
  '{who} remember this one?',
] as const;

const LONG_OPENINGS = [
  'I have been coming here for almost three years now and I just want to say thank you.',
  'Long comment, sorry!',
  'Okay so I finally tried this after seeing it all over my feed.',
  'Not sure where else to ask this, so here goes.',
  'Honest review because I think it helps others:',
] as const;

const LONG_MIDDLES = [
  'The staff remembered my name on the second visit, which never happens anywhere anymore.',
  'It was a bit busy when I arrived but the wait was worth it and everyone was patient with my questions.',
  'My partner was sceptical at first but now he is the one asking when we can go back.',
  'I had a small issue with my booking and it was sorted within a day, no fuss.',
  'It is a little pricier than other places around here but you can really tell the difference in quality.',
  'I brought my mum along and she has not stopped talking about it since.',
] as const;

const LONG_ENDINGS = [
  'Keep doing what you are doing!',
  'Will definitely be back next month.',
  'Only suggestion: more weekend slots please 🙏',
  'Do you have a newsletter so I don’t miss the next one?',
  'Ten out of ten, would recommend.',
] as const;

const SPAM = [
  'Great content! DM us to collab 💰',
  'Want more followers? Check my bio 🚀',
  'Promote this on our page for real engagement 📈 DM now',
  'Nice post! We help small brands grow, message us 💼',
  'I made $4,000 this week working from home, ask me how',
] as const;

const CHATTER = ['First!', 'Same', 'Haha yes', 'Following', 'Mood', 'This 👆', 'Saving this', 'lol', 'Noted!'] as const;

/** Comments only a given network's audience writes. */
const PLATFORM_EXTRAS: Partial<Record<Network, readonly OutsideComment[]>> = {
  youtube: [
    { text: 'Great video, really clear explanation!', kind: 'compliment' },
    { text: 'What camera do you film with?', kind: 'question' },
    { text: 'Can you do a follow-up on the advanced version?', kind: 'question' },
    { text: '2:14 is exactly what I needed, thank you', kind: 'compliment' },
    { text: 'Audio is a bit quiet in the second half', kind: 'complaint' },
  ],
  linkedin: [
    { text: 'Congratulations to the whole team!', kind: 'compliment' },
    { text: 'Insightful post, thanks for sharing.', kind: 'compliment' },
    { text: 'Great initiative. Would love to connect and learn more.', kind: 'chatter' },
    { text: 'Is this role open to remote candidates?', kind: 'question' },
    { text: 'Well deserved! 👏', kind: 'compliment' },
  ],
  tiktok: [
    { text: 'the way I replayed this 5 times', kind: 'compliment' },
    { text: 'pov: me at 7am waiting outside', kind: 'chatter' },
    { text: 'song name??', kind: 'question' },
    { text: 'need a part 2', kind: 'compliment' },
  ],
  twitter: [
    { text: 'Underrated account tbh', kind: 'compliment' },
    { text: 'ratio', kind: 'chatter' },
    { text: 'is this for real?', kind: 'question' },
  ],
  bluesky: [
    { text: 'Glad to see you over here!', kind: 'compliment' },
    { text: 'The good timeline 🦋', kind: 'chatter' },
  ],
  threads: [
    { text: 'Threads needs more of this', kind: 'compliment' },
    { text: 'following for more', kind: 'chatter' },
  ],
};

/** Weighted kinds: the share of a feed that needs the account's attention is small but real. */
const KIND_WEIGHTS: ReadonlyArray<[CommentKind, number]> = [
  ['question', 24],
  ['compliment', 30],
  ['complaint', 8],
  ['emoji', 10],
  ['tag', 12],
  ['long', 6],
  ['spam', 4],
  ['chatter', 6],
];

function pickKind(rng: Random): CommentKind {
  const total = KIND_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [kind, weight] of KIND_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'compliment';
}

function longComment(rng: Random): string {
  const middles = rng.sample(LONG_MIDDLES, rng.int(1, 2));
  return [rng.pick(LONG_OPENINGS), ...middles, rng.pick(LONG_ENDINGS)].join(' ');
}

/** An outside comment together with what it asks of the account. */
export function outsideComment(rng: Random, platform: Network): OutsideComment {
  const extras = PLATFORM_EXTRAS[platform];
  if (extras && rng.chance(0.15)) return rng.pick(extras);
  const kind = pickKind(rng);
  switch (kind) {
    case 'question':
      return { kind, text: rng.pick(QUESTIONS) };
    case 'compliment':
      return { kind, text: rng.pick(COMPLIMENTS) };
    case 'complaint':
      return { kind, text: rng.pick(COMPLAINTS) };
    case 'emoji':
      return { kind, text: rng.pick(EMOJI_ONLY) };
    case 'tag':
      return { kind, text: rng.pick(TAGS).replace('{who}', mentionOf(platform, usernameFor(rng, platform))) };
    case 'long':
      return { kind, text: longComment(rng) };
    case 'spam':
      return { kind, text: rng.pick(SPAM) };
    case 'chatter':
      return { kind, text: rng.pick(CHATTER) };
  }
}

/** The text of a new comment by someone outside the account, as the network would show it. */
export function outsideCommentText(rng: Random, platform: Network): string {
  return outsideComment(rng, platform).text;
}

// ---- replies ----

const OUTSIDE_REPLIES = [
  'Same question!',
  '+1, would love to know too',
  'They do, I ordered last month',
  'Agreed!',
  'Haha exactly',
  'Thank you!! 🙏',
  'Oh nice, thanks for letting me know',
  'Yes! See you there',
  'Had the same experience honestly',
  'Not my experience at all, they were great with me',
  'Check their stories, they posted the details',
  '😂😂',
] as const;

/** A reply by an outside person, addressed to the author of the comment replied to. */
export function outsideReplyText(rng: Random, platform: Network, parentUsername: string): string {
  const text = rng.pick(OUTSIDE_REPLIES);
  return rng.chance(0.5) ? `${mentionOf(platform, parentUsername)} ${text}` : text;
}

const ACCOUNT_ANSWERS = [
  'Great question! Yes, we do. All the details are at the link in our bio.',
  'We’re open 8–4 this weekend, see you then!',
  'Yes! Just send us a DM and we’ll sort it out for you.',
  'Not at the moment, but we’re working on it. Stay tuned 👀',
  'Absolutely, everyone is welcome.',
  'It’s on our website under “Bookings”. Let us know if you can’t find it!',
  'We just replied to your DM 😊',
] as const;

const ACCOUNT_APOLOGIES = [
  'So sorry about that. Could you DM us your name and booking details so we can make it right?',
  'That’s not the experience we want anyone to have. We’ve sent you a message.',
  'Thanks for flagging this, the link is fixed now. Sorry for the trouble!',
  'We hear you, and we’re sorry. Please email us and we’ll look into it today.',
] as const;

const ACCOUNT_THANKS = [
  'Thank you so much! 🙏',
  'This means a lot, thank you!',
  'You’re the best ❤️',
  'Thanks for the love! See you soon 😊',
  'Aw, thank you! Made our day.',
] as const;

/** The account's own reply, fitting what the comment it answers asked for. */
export function accountReplyText(rng: Random, kind: CommentKind, platform: Network, parentUsername: string): string {
  const pool = kind === 'question' ? ACCOUNT_ANSWERS : kind === 'complaint' ? ACCOUNT_APOLOGIES : ACCOUNT_THANKS;
  const text = rng.pick(pool);
  // Replies on handle networks usually start with the person's handle; facebook threads them instead.
  return platform === 'facebook' || platform === 'linkedin' || platform === 'youtube' ? text : `${mentionOf(platform, parentUsername)} ${text}`;
}

const ACCOUNT_COMMENTS = [
  'Thanks for all the love on this one! ❤️',
  'Booking link is in our bio for anyone asking 👆',
  'Quick update: a few spots just opened up again!',
  'We read every comment, keep the questions coming 😊',
  'Edit: times corrected above, sorry for the mix-up!',
] as const;

/** A top-level comment the account adds under its own post (made through the service). */
export function accountCommentText(rng: Random): string {
  return rng.pick(ACCOUNT_COMMENTS);
}

// ---- other channels ----

/** Channels whose videos a profile may be asked about (a guest appearance, a collaboration). */
export const OTHER_CHANNEL_TITLES = [
  'Mountain Breath Yoga',
  'The Breathwork Collective',
  'Flow With Jess',
  'Daily Movement Lab',
  'Calm Corner Studio',
] as const;
