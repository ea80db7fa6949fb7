import { describe, expect, it } from 'vitest';
import { GOTO_PLACES, IDLE, isTypingTarget, resolveKey, SHORTCUTS, type KeyInput } from '../../../src/renderer/logic/keymap.ts';

const key = (k: string, extra: Partial<KeyInput> = {}): KeyInput => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...extra });

describe('the keyboard map', () => {
  it('maps the single keys of the issue to their actions', () => {
    const expected: Record<string, string> = {
      j: 'next',
      k: 'previous',
      Enter: 'open',
      o: 'open',
      r: 'reply',
      e: 'done',
      u: 'toggleUnread',
      h: 'snooze',
      x: 'select',
      '/': 'search',
      z: 'undo',
      '?': 'help',
      Escape: 'back',
    };
    for (const [k, type] of Object.entries(expected)) expect(resolveKey(key(k), IDLE).action?.type, k).toBe(type);
  });

  it('selects every comment of the view with Shift+A (the key arrives as a capital A), not with a or while typing', () => {
    expect(resolveKey(key('A'), IDLE).action).toEqual({ type: 'selectAll' });
    expect(resolveKey(key('a'), IDLE).action).toBeNull();
    expect(resolveKey(key('A', { typing: true }), IDLE).action).toBeNull();
    expect(resolveKey(key('A', { ctrlKey: true }), IDLE).action).toBeNull();
  });

  it('goes to inbox, done and outbox with g then i, d, o', () => {
    const pending = resolveKey(key('g'), IDLE);
    expect(pending.action).toBeNull();
    expect(pending.state.pendingG).toBe(true);
    expect(resolveKey(key('i'), pending.state).action).toEqual({ type: 'goto', view: 'inbox' });
    expect(resolveKey(key('d'), pending.state).action).toEqual({ type: 'goto', view: 'done' });
    expect(resolveKey(key('o'), pending.state).action).toEqual({ type: 'goto', view: 'outbox' });
    expect(resolveKey(key('c'), pending.state).action).toEqual({ type: 'goto', view: 'closingSoon' });
    // Only the map's own keys: not a property every object has.
    expect(resolveKey(key('constructor'), pending.state).action).toBeNull();
    expect(resolveKey(key('q'), pending.state)).toEqual({ action: null, state: IDLE });
  });

  it('goes round Comments / Messages / Everything with m, not while typing', () => {
    expect(resolveKey(key('m'), IDLE).action).toEqual({ type: 'kind' });
    expect(resolveKey(key('m', { typing: true }), IDLE).action).toBeNull();
    expect(resolveKey(key('M'), IDLE).action).toBeNull();
  });

  it('switches client with 1 to 9', () => {
    expect(resolveKey(key('1'), IDLE).action).toEqual({ type: 'client', index: 0 });
    expect(resolveKey(key('9'), IDLE).action).toEqual({ type: 'client', index: 8 });
    expect(resolveKey(key('0'), IDLE).action).toBeNull();
  });

  it('opens the palette with Ctrl+K and Cmd+K, even while typing', () => {
    expect(resolveKey(key('k', { ctrlKey: true }), IDLE).action).toEqual({ type: 'palette' });
    expect(resolveKey(key('k', { metaKey: true, typing: true }), IDLE).action).toEqual({ type: 'palette' });
  });

  it('lets nothing but Esc and Ctrl/Cmd+Enter fire while typing', () => {
    for (const k of ['j', 'k', 'e', 'u', 'x', '/', 'z', '?', '1', 'g', 'Enter']) expect(resolveKey(key(k, { typing: true }), IDLE).action, k).toBeNull();
    expect(resolveKey(key('Escape', { typing: true }), IDLE).action).toEqual({ type: 'back' });
    expect(resolveKey(key('Enter', { typing: true, ctrlKey: true }), IDLE).action).toEqual({ type: 'send' });
    expect(resolveKey(key('Enter', { typing: true, metaKey: true }), IDLE).action).toEqual({ type: 'send' });
  });

  it('leaves other modified keys to the browser', () => {
    expect(resolveKey(key('j', { ctrlKey: true }), IDLE).action).toBeNull();
    expect(resolveKey(key('e', { altKey: true }), IDLE).action).toBeNull();
  });

  it('knows which elements take text', () => {
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('lists every shortcut of the issue in the help', () => {
    const listed = SHORTCUTS.flatMap((shortcut) => shortcut.keys).join(' ');
    for (const k of ['j', 'k', 'Enter', 'o', 'Esc', 'r', 'e', 'u', 'h', 'x', 'Shift A', '/', 'g i', 'g c', 'g d', 'g o', 'm', '1 … 9', 'z', 'Ctrl/⌘ K', '?'])
      expect(listed).toContain(k);
  });

  it('reaches every place with g, Reports and Settings too, and lists each in the help (issue 19)', () => {
    const pending = resolveKey(key('g'), IDLE).state;
    expect(resolveKey(key('r'), pending).action).toEqual({ type: 'goto', view: 'reports' });
    expect(resolveKey(key('s'), pending).action).toEqual({ type: 'goto', view: 'settings' });
    expect(resolveKey(key('a'), pending).action).toEqual({ type: 'goto', view: 'all' });
    const listed = SHORTCUTS.flatMap((shortcut) => shortcut.keys);
    for (const place of GOTO_PLACES) {
      expect(resolveKey(key(place.key), pending).action).toEqual({ type: 'goto', view: place.view });
      expect(listed).toContain(`g ${place.key}`);
    }
    expect(new Set(GOTO_PLACES.map((place) => place.key)).size).toBe(GOTO_PLACES.length);
  });
});
