import type { NotificationConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../src/main/core/ports.ts';
import { ElectronNotifier, MAX_HELD_NOTIFICATIONS, notificationText, type NotificationLike } from '../../../src/main/electron/notifier.ts';

/** A fake of Electron's Notification: records options, lets the test fire its events. */
class FakeNotification implements NotificationLike {
  readonly options: NotificationConstructorOptions;
  readonly listeners = new Map<string, () => void>();
  shown = false;
  constructor(options: NotificationConstructorOptions) {
    this.options = options;
  }
  show() {
    this.shown = true;
  }
  on(event: string, listener: () => void) {
    this.listeners.set(event, listener);
    return this;
  }
  fire(event: 'click' | 'close' | 'failed') {
    this.listeners.get(event)?.();
  }
}

const newItems: AppNotification = {
  kind: 'new-items',
  id: 'n1',
  profileId: 'client-1',
  profileTitle: 'Bakery Bloom',
  counts: { comment: 3, conversation: 0 },
  firstKey: 'x:1',
  preview: 'Anna: love it!',
};
const summary = { kind: 'summary', id: 'n2', counts: { comment: 240, conversation: 0 }, profiles: 4 } satisfies AppNotification;
const failed: AppNotification = {
  kind: 'reply-failed',
  id: 'n3',
  profileId: 'client-1',
  outboxId: 'o1',
  commentKey: 'x:2',
  message: 'The post no longer exists.',
  what: 'A reply',
};

function setup(options: { enabled?: boolean; supported?: boolean } = {}) {
  const created: FakeNotification[] = [];
  const clicked: AppNotification[] = [];
  const notifier = new ElectronNotifier(
    { isSupported: () => options.supported ?? true, create: (o) => (created.push(new FakeNotification(o)), created.at(-1)!) },
    { enabled: () => options.enabled ?? true, onClick: (n) => clicked.push(n) },
  );
  return { notifier, created, clicked };
}

describe('ElectronNotifier', () => {
  it('shows a notification with a title and body made from the core’s notification', () => {
    const { notifier, created } = setup();
    notifier.show(newItems);
    expect(created).toHaveLength(1);
    expect(created[0]?.shown).toBe(true);
    expect(created[0]?.options).toMatchObject({ title: 'Bakery Bloom: 3 new comments', body: 'Anna: love it!' });
  });

  it('holds a reference until the click, so the click event fires, and then releases it', () => {
    const { notifier, created, clicked } = setup();
    notifier.show(newItems);
    expect(notifier.heldCount).toBe(1);
    created[0]?.fire('click');
    expect(clicked).toEqual([newItems]);
    expect(notifier.heldCount).toBe(0);
  });

  it('releases the reference when the notification is closed or fails', () => {
    const { notifier, created, clicked } = setup();
    notifier.show(summary);
    notifier.show(failed);
    created[0]?.fire('close');
    created[1]?.fire('failed');
    expect(notifier.heldCount).toBe(0);
    expect(clicked).toEqual([]);
  });

  it('holds at most a bounded number, letting the oldest go first', () => {
    const { notifier, created, clicked } = setup();
    for (let i = 0; i < MAX_HELD_NOTIFICATIONS + 5; i++) notifier.show({ ...summary, id: `n${i}` });
    expect(notifier.heldCount).toBe(MAX_HELD_NOTIFICATIONS);
    created.at(-1)?.fire('click');
    expect(clicked.at(-1)?.id).toBe(`n${MAX_HELD_NOTIFICATIONS + 4}`);
  });

  it('shows nothing when notifications are switched off or not supported', () => {
    const off = setup({ enabled: false });
    off.notifier.show(newItems);
    const unsupported = setup({ supported: false });
    unsupported.notifier.show(newItems);
    expect(off.created).toHaveLength(0);
    expect(unsupported.created).toHaveLength(0);
  });
});

describe('notificationText', () => {
  it('says how many comments, across how many clients, in a summary', () => {
    expect(notificationText(summary)).toEqual({ title: '240 new comments', body: 'Across 4 clients. Open Social Inbox to read them.' });
  });

  it('says a reply failed and why', () => {
    expect(notificationText(failed)).toEqual({ title: 'A reply could not be sent', body: 'The post no longer exists.' });
  });

  it('uses the singular for one comment', () => {
    expect(notificationText({ ...newItems, counts: { comment: 1, conversation: 0 } }).title).toBe('Bakery Bloom: 1 new comment');
  });

  it('counts direct messages by conversation, beside the comments or alone', () => {
    expect(notificationText({ ...newItems, counts: { comment: 3, conversation: 1 } }).title).toBe(
      'Bakery Bloom: 3 new comments, new messages in 1 conversation',
    );
    expect(notificationText({ ...newItems, counts: { comment: 0, conversation: 2 } }).title).toBe('Bakery Bloom: new messages in 2 conversations');
    expect(notificationText({ ...summary, counts: { comment: 0, conversation: 12 } }).title).toBe('New messages in 12 conversations');
    expect(notificationText({ ...summary, counts: { comment: 240, conversation: 12 } }).title).toBe('240 new comments, new messages in 12 conversations');
  });

  it('says a direct message failed, not a reply', () => {
    expect(notificationText({ ...failed, what: 'A direct message', message: 'The reply window closed.' })).toEqual({
      title: 'A direct message could not be sent',
      body: 'The reply window closed.',
    });
  });
});
