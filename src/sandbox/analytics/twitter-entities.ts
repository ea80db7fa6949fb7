// The `entities` of a tweet's analytics: the links, hashtags and mentions X finds in the text, with
// their positions. X counts positions in Unicode code points, not in UTF-16 units as JavaScript
// strings do, so a tweet with an emoji before a hashtag has offsets that `String.slice` gets wrong;
// the sandbox reproduces that, since a client must handle it against the real service.

export interface TwitterUrlEntity {
  start: number;
  end: number;
  url: string;
  expandedUrl: string;
  displayUrl: string;
  unwoundUrl: string;
}

export interface TwitterHashtagEntity {
  start: number;
  end: number;
  tag: string;
}

export interface TwitterMentionEntity {
  start: number;
  end: number;
  username: string;
}

export interface TwitterEntities {
  urls?: TwitterUrlEntity[];
  hashtags?: TwitterHashtagEntity[];
  mentions?: TwitterMentionEntity[];
}

const URL_PATTERN = /https?:\/\/[^\s]+/g;
/** Trailing punctuation ends a sentence, not a link. */
const URL_TRAILING = /[.,!?;:'")\]]+$/;
/** A hashtag needs a letter and cannot follow a word character, `&` or `/` (entities, paths). */
const HASHTAG_PATTERN = /(?<![\p{L}\p{N}_&/])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;
/** X usernames: 1–15 of [A-Za-z0-9_], not inside an e-mail address or a longer word. */
const MENTION_PATTERN = /(?<![A-Za-z0-9_@.!#$%&*])@([A-Za-z0-9_]{1,15})(?![A-Za-z0-9_@])/g;
/** X shortens how a link is shown to about this many characters. */
const DISPLAY_URL_MAX = 26;

/** Entities of a tweet's text; undefined when it has none (X then omits `entities`). */
export function twitterEntitiesOf(text: string): TwitterEntities | undefined {
  const codePoint = codePointIndexer(text);
  const taken: Array<[number, number]> = [];
  const overlapsTaken = (start: number, end: number) => taken.some(([s, e]) => start < e && end > s);

  const urls: TwitterUrlEntity[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(URL_TRAILING, '');
    const start = match.index;
    const end = start + url.length;
    taken.push([start, end]);
    urls.push({
      start: codePoint(start),
      end: codePoint(end),
      url,
      expandedUrl: url,
      displayUrl: displayUrlOf(url),
      unwoundUrl: url,
    });
  }

  const hashtags: TwitterHashtagEntity[] = [];
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    if (overlapsTaken(start, end)) continue;
    hashtags.push({ start: codePoint(start), end: codePoint(end), tag: match[1] as string });
  }

  const mentions: TwitterMentionEntity[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    if (overlapsTaken(start, end)) continue;
    mentions.push({ start: codePoint(start), end: codePoint(end), username: match[1] as string });
  }

  const entities: TwitterEntities = {};
  if (urls.length > 0) entities.urls = urls;
  if (hashtags.length > 0) entities.hashtags = hashtags;
  if (mentions.length > 0) entities.mentions = mentions;
  return Object.keys(entities).length > 0 ? entities : undefined;
}

/** Maps a UTF-16 index of `text` to its code-point index. */
function codePointIndexer(text: string): (utf16Index: number) => number {
  const table = new Array<number>(text.length + 1);
  let points = 0;
  for (let i = 0; i <= text.length; i++) {
    table[i] = points;
    const unit = text.charCodeAt(i);
    // A high surrogate and the low one after it are one code point.
    const isPairStart = unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length;
    if (isPairStart) {
      table[i + 1] = points;
      i++;
    }
    points++;
  }
  return (index) => table[index] ?? points;
}

function displayUrlOf(url: string): string {
  const bare = url.replace(/^https?:\/\//, '').replace(/^www\./, '');
  return bare.length > DISPLAY_URL_MAX ? `${bare.slice(0, DISPLAY_URL_MAX - 1)}…` : bare;
}
