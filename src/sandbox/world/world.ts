// The live world: the saved state plus the indexes the service's lookups need. Every change goes
// through a method here, so the indexes and the per-post response cache never drift from the state.
import type { Network } from '../../shared/networks.ts';
import { Random } from '../random.ts';
import { MessageBook } from './messageBook.ts';
import { ReviewBook } from './reviewBook.ts';
import {
  type CommentState,
  type LedgerEntry,
  type NetworkPostState,
  type ProfileState,
  postKey,
  type ServiceCommentState,
  type ServicePostState,
  type WorldState,
} from './types.ts';

/** Random ids are 16 to 40 characters: a thousand taken ones in a row means the generator cannot give another. */
export const UNIQUE_ID_ATTEMPTS = 1000;

export class World {
  readonly state: WorldState;
  /** Generator for ids made while serving; reseeded from the draw count so a reloaded world goes on. */
  readonly rng: Random;
  /** Direct messages: conversations and their messages. */
  readonly messages: MessageBook;
  /** Google and Facebook reviews and the business's answers. */
  readonly reviews: ReviewBook;

  private readonly profilesByRefId = new Map<string, ProfileState>();
  private readonly profilesByKey = new Map<string, ProfileState>();
  private readonly servicePostsById = new Map<string, ServicePostState>();
  private readonly networkPostsByKey = new Map<string, NetworkPostState>();
  private readonly networkPostsBySocialId = new Map<string, NetworkPostState[]>();
  private readonly networkPostsByServiceId = new Map<string, NetworkPostState[]>();
  private readonly commentsByKey = new Map<string, CommentState>();
  private readonly commentsBySocialId = new Map<string, CommentState[]>();
  private readonly commentsByPost = new Map<string, CommentState[]>();
  private readonly repliesByParent = new Map<string, CommentState[]>();
  private readonly serviceCommentsById = new Map<string, ServiceCommentState>();
  /** Bumped on every change to a post's comments; lets the HTTP layer cache serialised lists. */
  private readonly postVersions = new Map<string, number>();

  constructor(state: WorldState) {
    this.state = state;
    this.rng = new Random(state.seed * 1_000_003 + state.idDraws + 17);
    for (const profile of state.profiles) this.indexProfile(profile);
    for (const post of state.servicePosts) this.servicePostsById.set(post.serviceId, post);
    for (const post of state.networkPosts) this.indexNetworkPost(post);
    for (const comment of state.comments) this.indexComment(comment);
    for (const sc of state.serviceComments) this.serviceCommentsById.set(sc.serviceCommentId, sc);
    this.messages = new MessageBook(state);
    state.reviews ??= { places: [], reviews: [] };
    this.reviews = new ReviewBook(state.reviews);
  }

  // ---- profiles ----

  get primary(): ProfileState {
    const primary = this.state.profiles.find((p) => p.profileKey === null);
    if (!primary) throw new Error('world has no primary profile');
    return primary;
  }

  profileByRefId(refId: string): ProfileState | undefined {
    return this.profilesByRefId.get(refId);
  }

  profileByKey(key: string): ProfileState | undefined {
    return this.profilesByKey.get(key);
  }

  addProfile(profile: ProfileState): void {
    this.state.profiles.push(profile);
    this.indexProfile(profile);
  }

  private indexProfile(profile: ProfileState): void {
    this.profilesByRefId.set(profile.refId, profile);
    if (profile.profileKey) this.profilesByKey.set(profile.profileKey, profile);
  }

  // ---- posts ----

  servicePost(serviceId: string): ServicePostState | undefined {
    return this.servicePostsById.get(serviceId);
  }

  networkPost(platform: Network, socialId: string): NetworkPostState | undefined {
    return this.networkPostsByKey.get(postKey(platform, socialId));
  }

  networkPostByKey(key: string): NetworkPostState | undefined {
    return this.networkPostsByKey.get(key);
  }

  /** The network posts of a service post, in the order of its platforms. */
  networkPostsOf(serviceId: string): NetworkPostState[] {
    const post = this.servicePostsById.get(serviceId);
    const published = this.networkPostsByServiceId.get(serviceId) ?? [];
    if (!post) return [];
    return post.platforms.map((platform) => published.find((p) => p.platform === platform)).filter((p): p is NetworkPostState => p !== undefined);
  }

  /** Network posts whose social id is this, on any network (ids of different networks may look alike). */
  networkPostsBySocial(socialId: string): NetworkPostState[] {
    return this.networkPostsBySocialId.get(socialId) ?? [];
  }

  addServicePost(post: ServicePostState, networkPosts: NetworkPostState[]): void {
    this.state.servicePosts.push(post);
    this.servicePostsById.set(post.serviceId, post);
    for (const np of networkPosts) this.addNetworkPost(np);
  }

  addNetworkPost(post: NetworkPostState): void {
    this.state.networkPosts.push(post);
    this.indexNetworkPost(post);
  }

  private indexNetworkPost(post: NetworkPostState): void {
    this.networkPostsByKey.set(postKey(post.platform, post.socialId), post);
    if (post.serviceId !== null) {
      const siblings = this.networkPostsByServiceId.get(post.serviceId);
      if (siblings) siblings.push(post);
      else this.networkPostsByServiceId.set(post.serviceId, [post]);
    }
    const same = this.networkPostsBySocialId.get(post.socialId);
    if (same) same.push(post);
    else this.networkPostsBySocialId.set(post.socialId, [post]);
  }

  // ---- comments ----

  comment(platform: Network, socialId: string): CommentState | undefined {
    return this.commentsByKey.get(postKey(platform, socialId));
  }

  commentsBySocial(socialId: string): CommentState[] {
    return this.commentsBySocialId.get(socialId) ?? [];
  }

  /** Live comments of a post, in the order they were made (oldest first). */
  commentsOfPost(key: string): CommentState[] {
    return (this.commentsByPost.get(key) ?? []).filter((c) => !c.deleted);
  }

  /** Every comment a post ever had, deleted ones included (for counts as of a past time). */
  everyCommentOfPost(key: string): readonly CommentState[] {
    return this.commentsByPost.get(key) ?? [];
  }

  /** Live replies of a comment, oldest first. */
  repliesOf(comment: CommentState): CommentState[] {
    return (this.repliesByParent.get(postKey(comment.platform, comment.socialId)) ?? []).filter((c) => !c.deleted);
  }

  addComment(comment: CommentState): void {
    this.state.comments.push(comment);
    this.indexComment(comment);
    this.touchPost(comment.postKey);
  }

  deleteComment(comment: CommentState, at: Date): void {
    comment.deleted = true;
    comment.deletedAt = at.toISOString();
    this.touchPost(comment.postKey);
  }

  touchPost(key: string): void {
    this.postVersions.set(key, (this.postVersions.get(key) ?? 0) + 1);
  }

  postVersion(key: string): number {
    return this.postVersions.get(key) ?? 0;
  }

  private indexComment(comment: CommentState): void {
    const key = postKey(comment.platform, comment.socialId);
    this.commentsByKey.set(key, comment);
    const same = this.commentsBySocialId.get(comment.socialId);
    if (same) same.push(comment);
    else this.commentsBySocialId.set(comment.socialId, [comment]);
    const ofPost = this.commentsByPost.get(comment.postKey);
    if (ofPost) ofPost.push(comment);
    else this.commentsByPost.set(comment.postKey, [comment]);
    if (comment.parentSocialId) {
      const parentKey = postKey(comment.platform, comment.parentSocialId);
      const siblings = this.repliesByParent.get(parentKey);
      if (siblings) siblings.push(comment);
      else this.repliesByParent.set(parentKey, [comment]);
    }
  }

  serviceComment(id: string): ServiceCommentState | undefined {
    return this.serviceCommentsById.get(id);
  }

  addServiceComment(sc: ServiceCommentState): void {
    this.state.serviceComments.push(sc);
    this.serviceCommentsById.set(sc.serviceCommentId, sc);
  }

  // ---- ids and the ledger ----

  /** Counts a draw of the id generator (saved, so a reloaded world does not repeat ids). */
  draw(): Random {
    this.state.idDraws++;
    return this.rng;
  }

  /**
   * A new id that `taken` does not know yet. Bounded: a generator that keeps giving taken ids (one
   * whose id is fixed by its inputs, as an X conversation's is) ends in an error, a 500 for that
   * request, instead of spinning the sandbox's only thread forever.
   */
  unique(make: () => string, taken: (id: string) => boolean): string {
    for (let attempt = 0; attempt < UNIQUE_ID_ATTEMPTS; attempt++) {
      const id = make();
      if (!taken(id)) return id;
    }
    throw new Error(`no free id after ${UNIQUE_ID_ATTEMPTS} attempts`);
  }

  record(entry: Omit<LedgerEntry, 'seq'>): LedgerEntry {
    const full = { seq: this.state.ledger.length + 1, ...entry };
    this.state.ledger.push(full);
    return full;
  }
}
