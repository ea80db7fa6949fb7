// The businesses of the seeded world: the freelancer's own studio (the primary profile) and four
// clients (user profiles). Each says which networks it has linked, its handle on each, and what it
// posts, so that the seeded feeds read like a real small business and not like lorem ipsum.
import type { Network } from '../../shared/networks.ts';

export interface Business {
  title: string;
  displayName: string;
  /** The linked networks and the account's handle on each (bluesky: the full handle). */
  handles: Partial<Record<Network, string>>;
  /** Post texts without hashtags; seed.ts adds some of `hashtags` and sometimes `link`. */
  posts: readonly string[];
  hashtags: readonly string[];
  link: string;
  /** Titles of the business's own youtube videos. */
  videoTitles: readonly string[];
  /** Posts made on the network only, that the seed places once in the world. */
  special?: {
    /** A twitter thread written directly on X, first tweet first. */
    twitterThread?: readonly string[];
    /** A retweet on X: a post the account shows but does not own. */
    retweet?: string;
    /** Another channel's youtube video the business appears in. */
    guestVideo?: { title: string; description: string };
    /** The first instagram post, from before the account became a business account. */
    preBusinessCaption?: string;
  };
}

export const FREELANCER: Business = {
  title: 'Harbor Lane Studio',
  displayName: 'Harbor Lane Studio',
  handles: {
    linkedin: 'harbor-lane-studio',
    twitter: 'harborlane_co',
    bluesky: 'harborlane.studio',
    threads: 'harborlane.studio',
    instagram: 'harborlane.studio',
  },
  posts: [
    'Three things I learned running socials for a neighbourhood bakery: post at the same time daily, answer every question, and film the messy parts 🥐',
    'Client win: @spokeandchain’s tune-up video passed 20k views. Small shops + genuinely useful videos = 💥',
    'Booking Q4 retainers now. Two spots left for small businesses who want a calmer social media month.',
    'Hot take: a reply within an hour beats a perfect post. Your comments section is your shop window.',
    'New case study on the blog: how a dental practice doubled new-patient enquiries from Instagram.',
    'My Monday routine: triage every client’s comments before I open email ☕',
    'Reminder to small businesses: you don’t need every platform. Pick two and show up consistently.',
    'Speaking at @pdxsmallbiz next week about community management for tiny teams 🎤',
    'Free social media audit template, no email required. Use it, tweak it, share it.',
    'Things that don’t work anymore: engagement pods. Things that do: answering your DMs.',
    'Grateful for clients who send me photos of their croissants at 6am 🥐❤️',
    'Best performing post this month across all my clients? A 9-second video of a dog in a bike shop 🐕',
    'Taking next Friday off. Scheduled posts will go out as planned 😉',
    'What’s your biggest social media headache right now? Genuinely curious.',
    'Quick tip: pin a FAQ reply on your most-commented post. It saves hours every week.',
    'Harbor Lane is three years old today! Thank you to every client who took a chance on a one-person studio.',
    'Scheduling tools are great until a post goes out during breaking news. Always check the calendar 👀',
    'A good caption answers the question your customers will ask in the comments.',
  ],
  hashtags: ['#smallbusiness', '#socialmedia', '#freelance', '#communitymanagement', '#marketingtips', '#contentstrategy'],
  link: 'https://harborlane.studio/blog',
  videoTitles: [],
};

export const CLIENTS: readonly Business[] = [
  {
    title: 'Bloom Bakery',
    displayName: 'Bloom Bakery',
    handles: {
      bluesky: 'bloombakery.bsky.social',
      facebook: 'bloombakerypdx',
      instagram: 'bloom.bakery',
      tiktok: 'bloombakery',
      threads: 'bloom.bakery',
    },
    posts: [
      'Cardamom knots are back this weekend 🌀 Get here early, they were gone by 10am last time.',
      'Sourdough schedule for the week: country loaf daily, rye on Wed + Sat, olive on Fri 🍞',
      'We’re hiring a morning baker! 5am starts, great coffee, better company. Apply in store or DM us.',
      'Pumpkin season has officially started 🎃 Pumpkin cream cheese muffins land tomorrow.',
      'Big thanks to @eastsidefarmers for having us on Saturday! Sold out of croissants by 11 🥐',
      'New: gluten-free chocolate olive oil cake. Yes, it’s as good as it sounds.',
      'Custom cake orders for October are open. We need at least 5 days notice 🎂',
      'Behind the scenes: laminating 200 croissants before sunrise ☕',
      'Closed Monday for a staff day. See you Tuesday at 7!',
      'Our coffee now comes from @ridgelineroast. Come taste the new house blend ☕',
      'Kids’ cookie decorating class on Sunday at 2pm. 8 spots left!',
      'Cinnamon rolls 🤝 rainy mornings',
      'Thank you for 5 years, neighbours! Free cookie with every order all week 🎉',
      'Vegan morning buns are now on the menu for good. You asked, we listened 🌱',
      'Pre-order your holiday pies: apple, pecan, and brown butter pumpkin 🥧',
      'Meet Ana, our new pastry lead! Say hi next time you’re in 👋',
      'Sold out of everything today 😅 Thank you! Back tomorrow at 7.',
      'Sesame honey loaf drops Friday. Limited run of 40.',
    ],
    hashtags: ['#bloombakery', '#sourdough', '#croissant', '#bakerylife', '#eastsideeats', '#supportlocal', '#pastry'],
    link: 'https://bloombakery.com/order',
    videoTitles: [],
    special: {
      preBusinessCaption: 'Sunday baking at home, trying a new cardamom bun recipe before the big launch 🌀 #homebaking #cardamom',
    },
  },
  {
    title: 'Spoke & Chain Cycles',
    displayName: 'Spoke & Chain Cycles',
    handles: {
      twitter: 'spokeandchain',
      youtube: '@SpokeAndChainCycles',
      instagram: 'spokeandchain',
      facebook: 'spokeandchaincycles',
    },
    posts: [
      'Spring tune-up special: $79 for a full safety check plus brake and gear adjustment 🔧 Book online.',
      'Saturday shop ride leaves at 8am sharp. 35 km, no-drop pace, coffee after ☕🚲',
      'New in: this year’s gravel lineup. Come test ride one this weekend.',
      'Flat tyre? Free tube-change clinic Thursday at 6pm. Bring your bike!',
      'Huge shoutout to @pdxbikes for the new protected lane on Division 🙌',
      'We now stock e-bike batteries for most Bosch and Shimano systems ⚡',
      'How to check your chain wear in 30 seconds: new video up on our channel.',
      'Holiday hours: closed Thursday, open 10–4 Friday through Sunday.',
      'Trade-in week: bring your old bike, get up to $300 off a new one.',
      'Meet our new mechanic, Dev! 12 years wrenching and a serious wheel-truing nerd.',
      'Kids’ learn-to-ride clinic is back. Balance bikes provided 🚲',
      'Winter is coming 🌧️ Fenders + lights bundle is 20% off this week.',
      'Group ride recap: 42 riders, 1 flat, 0 complaints. See you next week!',
      'Tubeless setup explained: what you need and what can go wrong.',
      'Repair queue is about 3 days right now. Thanks for your patience!',
      'Commuter Tuesday: free coffee for anyone who rides in before 9 ☕',
      'Lost and found: someone left a really nice helmet after the Saturday ride. DM us.',
      'We are now a certified @BoschEBike service centre ⚡🔧',
    ],
    hashtags: ['#bikeshop', '#cycling', '#bikeportland', '#gravel', '#ebike', '#bikemaintenance', '#ridelocal'],
    link: 'https://spokeandchain.com/service',
    videoTitles: [
      'How to Check Chain Wear in 30 Seconds',
      'Tubeless Setup: Everything You Need to Know',
      'Spring Tune-Up Checklist (Do This Before Your First Ride)',
      'Fixing a Flat on the Road, Step by Step',
      'E-Bike Battery Care: 5 Mistakes to Avoid',
      'Shop Ride Vlog: 42 Riders in the Rain',
    ],
    special: {
      twitterThread: [
        'We get asked a lot how often you should service your bike. A short thread 🧵 1/3',
        '2/3 Riding to work daily? A tune-up every 3–4 months, chain lube every 2 weeks, tyre pressure weekly.',
        '3/3 Weekend riders: once or twice a year is plenty. Book at https://spokeandchain.com/service #bikemaintenance',
      ],
      retweet: 'RT @pdxbikes: Sunday Parkways route is out! 8 miles car-free through the east side. See you there 🚲 #sundayparkways',
    },
  },
  {
    title: 'Brightside Dental',
    displayName: 'Brightside Dental',
    handles: {
      facebook: 'brightsidedental',
      linkedin: 'brightside-dental',
      instagram: 'brightside.dental',
      youtube: '@BrightsideDental',
    },
    posts: [
      'Now accepting new patients! Same-week appointments available 😁',
      'Reminder: insurance benefits reset in January. Book your cleaning before the year ends.',
      'Dr. Patel explains why flossing still matters (yes, even with an electric toothbrush) 🦷',
      'Welcome to the team, Dr. Kim! She joins us from @OHSUNews and specialises in paediatric dentistry.',
      'Halloween candy tip: sticky sweets are the worst for teeth. Chocolate is the lesser evil 🍫',
      'We’re proud to offer Saturday appointments starting this month.',
      'Free dental screenings for kids at the community fair this Sunday, 10–2.',
      'Invisalign consultation days are Wednesdays and Thursdays. No cost, no pressure.',
      'Our office is closed Friday for staff training. The emergency line stays open.',
      'Patient story: after years of avoiding the dentist, Maria came back 💙 Thank you for trusting us.',
      'How often should you replace your toothbrush? Every 3 months, or after you’ve been ill.',
      'We’re hiring a dental hygienist! Full-time, kind team, 4-day week.',
      'New digital X-rays mean less radiation and faster results 📷',
      'Teeth whitening special this month ✨ Ask at your next visit.',
      'Thank you to everyone who donated to our toothbrush drive for @familyshelter 🪥',
      'Sensitive teeth? Here are 3 things that actually help.',
    ],
    hashtags: ['#dentist', '#oralhealth', '#smile', '#dentalcare', '#familydentist', '#healthyteeth'],
    link: 'https://brightsidedental.com/book',
    videoTitles: [
      'How to Floss Properly (Dentist Explains)',
      'What Happens at Your First Visit',
      'Invisalign vs Braces: Honest Answers',
      'Kids’ First Dental Visit: What to Expect',
      'Why Do My Teeth Feel Sensitive?',
    ],
  },
  {
    title: 'Still Water Yoga',
    displayName: 'Still Water Yoga',
    handles: {
      instagram: 'stillwater.yoga',
      tiktok: 'stillwateryoga',
      youtube: '@StillWaterYoga',
      threads: 'stillwater.yoga',
      bluesky: 'stillwateryoga.bsky.social',
    },
    posts: [
      'New class: slow flow + sound bath, Fridays at 7pm 🌙 Book via the link.',
      'Your hips will thank you: a 10-minute yin sequence, new on YouTube 🧘',
      'Sunrise session on the rooftop this Saturday ☀️ Bring a layer!',
      'Beginner series starts Monday. 4 weeks, no experience needed.',
      'Teacher spotlight: @maya.moves has been with us for 6 years 💛',
      'Studio closed Sunday for floor refinishing. Online classes still running!',
      'Prenatal yoga is back on Tuesdays at 10am 🤍',
      'Reminder: mats and props are free to borrow. Just bring yourself.',
      'Our winter retreat sold out in 2 days 😭 The waitlist is open.',
      '5 breathing techniques for stressful days 🌬️',
      'Community class every Thursday: pay what you can. Everyone welcome.',
      'New intro offer: 3 weeks unlimited for $45.',
      'Restorative yoga for runners with @eastsiderun, this Wednesday 6:30pm 🏃‍♀️',
      'A gentle reminder to rest today 🤍',
      'Workshop: arm balances without fear. Saturday 2–4pm.',
      'Thank you for 10k followers! 🙏 What should we film next?',
    ],
    hashtags: ['#yoga', '#yogastudio', '#slowflow', '#breathwork', '#yogaforbeginners', '#selfcare', '#yin'],
    link: 'https://stillwateryoga.com/schedule',
    videoTitles: [
      '10-Minute Yin for Tight Hips',
      'Morning Yoga for Beginners (15 min)',
      'Breathwork for Stress: 5 Techniques',
      'Restorative Yoga for Runners',
      'Slow Flow & Sound Bath (Full Class)',
    ],
    special: {
      guestVideo: {
        title: '20-Minute Morning Flow with Still Water Yoga | Guest Class',
        description:
          'We joined the teachers of @stillwateryoga for a gentle morning flow. All levels welcome, no props needed. #yoga #morningyoga #yogaforbeginners',
      },
    },
  },
];
