// What people write to a small business in a DM and how the business answers: short, plain
// sentences, a few with a name, so a seeded inbox reads like a real one and search has words to find.
import type { MessageNetwork } from '../../shared/networks.ts';
import { messagePersonId } from '../ids.ts';
import { type Random, URL_SAFE } from '../random.ts';
import type { PersonState } from './messageTypes.ts';

const FIRST_NAMES = [
  'Maya',
  'Jonah',
  'Priya',
  'Lucas',
  'Elena',
  'Omar',
  'Grace',
  'Theo',
  'Nadia',
  'Felix',
  'Chloe',
  'Mateo',
  'Hannah',
  'Ravi',
  'Sofia',
  'Ben',
  'Aisha',
  'Leo',
  'Ingrid',
  'Sam',
  'Yuki',
  'Carmen',
  'Ethan',
  'Zara',
];
const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Patel',
  'Moreau',
  'Garcia',
  'Nguyen',
  'Kowalski',
  'Brennan',
  'Haddad',
  'Fischer',
  'Rossi',
  'Tanaka',
  'Adeyemi',
  'Walsh',
  'Novak',
  'Silva',
  'Larsen',
  'Cohen',
  'Dubois',
  'Martin',
];

/** The first message of a conversation: people write first (networks allow nothing else). */
const OPENERS = [
  'Hi! Are you open this Sunday?',
  'Hello, do you have anything available later this week?',
  'Hey, I ordered on Tuesday and have not heard back yet. Any update?',
  'Hi there, how much would it cost for a group of six?',
  'Quick question: do you take bookings over the phone or only online?',
  'Hi, I saw your last post. Is that still available?',
  'Hello! Can I change the time of my appointment on Friday?',
  "Do you offer gift cards? It is for my sister's birthday.",
  'Hi, is there parking near you?',
  'Good morning, I think I left my scarf there yesterday. Blue, wool. Did anyone find it?',
  'Hey! Loved the visit last week. Do you have a newsletter?',
  'Hi, I have a complaint about my last order, who can I talk to?',
];
const FOLLOW_UPS = [
  'Thanks!',
  'Perfect, see you then.',
  'Great, thank you so much 🙏',
  'Ok, and what about Saturday?',
  'Sorry, one more thing: can I bring my dog?',
  'That works for me.',
  'Still waiting on this, any news?',
  'Could you send me the address again?',
  'Amazing, thanks for the quick answer!',
  'Hmm, that is a bit late for me.',
  'Yes please.',
  'Ok 👍',
  'Can I pay by card?',
  'Do I need to bring anything?',
];
const ACCOUNT_REPLIES = [
  'Hi {name}, thanks for your message! Yes, we are open from 10 to 4.',
  'Hello {name}! Let me check and get back to you today.',
  'Thanks for reaching out, {name}. I have sent you the details by email.',
  'Hi {name}, sorry for the wait. Your order left us this morning.',
  'Of course! Just reply with the time that suits you.',
  'We do, and they never expire. You can pick one up any day.',
  'Yes, there is free parking behind the building.',
  'So sorry to hear that, {name}. Could you send me your order number?',
  'You are welcome! See you soon.',
  'Great question. The short answer is yes.',
];

const MESSAGE_IMAGES = ['photo', 'screenshot', 'receipt', 'order'];

export function newPerson(rng: Random, platform: MessageNetwork): PersonState {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const person: PersonState = { id: messagePersonId(rng, platform), name: `${first} ${last}` };
  if (platform !== 'facebook') {
    const separator = rng.pick(['', '.', '_']);
    person.username = `${first}${separator}${last}${rng.chance(0.5) ? rng.int(1, 99) : ''}`.toLowerCase();
  }
  // Not every network gives a picture for every person.
  if (rng.chance(0.8)) person.profileImage = profileImageUrl(rng, platform, person.id);
  return person;
}

function profileImageUrl(rng: Random, platform: MessageNetwork, id: string): string {
  switch (platform) {
    case 'facebook':
      return `https://platform-lookaside.fbsbx.com/platform/profilepic/?psid=${id}`;
    case 'instagram':
      return `https://scontent.cdninstagram.com/v/t51.2885-19/${rng.digits(9)}_${rng.digits(15)}_n.jpg`;
    case 'twitter':
      return `https://pbs.twimg.com/profile_images/${rng.digits(19)}/${rng.chars(URL_SAFE, 8)}_normal.jpg`;
  }
}

export function openerText(rng: Random): string {
  return rng.pick(OPENERS);
}

export function followUpText(rng: Random): string {
  return rng.pick(FOLLOW_UPS);
}

export function accountReplyToPerson(rng: Random, person: PersonState): string {
  return rng.pick(ACCOUNT_REPLIES).replace('{name}', person.name.split(' ')[0] ?? person.name);
}

export function receivedImageUrl(rng: Random): string {
  return `https://media.example-cdn.net/dm/${rng.pick(MESSAGE_IMAGES)}-${rng.chars(URL_SAFE, 10)}.jpg`;
}
