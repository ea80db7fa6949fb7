// The unified inbox: a listbox named "Inbox" whose rows are options, virtualised (only the rows in
// view and a few around them are in the DOM), loading the next keyset page as it scrolls.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { offsetsOf, visibleRange, scrollToReveal } from '../logic/listState.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useOutboxStore } from '../stores/outboxStore.ts';
import { profileColor, profileTitle, useProfilesStore } from '../stores/profilesStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { openRow } from '../actions.ts';
import { useCssVars, useNow } from './hooks.ts';
import { InboxRowView } from './InboxRowView.tsx';

export const ROW_HEIGHT = 88;
export const HEADER_HEIGHT = 36;

function GroupHeader({ top, excerpt, count }: { top: number; excerpt: string; count: number }) {
  const ref = useCssVars<HTMLDivElement>({ '--top': `${top}px` });
  return (
    <div ref={ref} className="group-header" aria-hidden="true">
      <span className="group-excerpt">{excerpt}</span>
      <span className="group-count">{count}</span>
    </div>
  );
}

export function InboxList({ emptyText }: { emptyText: string }) {
  const rows = useInboxStore((state) => state.rows);
  const items = useInboxStore((state) => state.items);
  const order = useInboxStore((state) => state.order);
  const cursor = useInboxStore((state) => state.cursor);
  const checked = useInboxStore((state) => state.checked);
  const openKey = useInboxStore((state) => state.openKey);
  const next = useInboxStore((state) => state.next);
  const ready = useInboxStore((state) => state.ready);
  const error = useInboxStore((state) => state.error);
  const byComment = useOutboxStore((state) => state.byComment);
  const profiles = useProfilesStore((state) => state.profiles);
  const listFocus = useUiStore((state) => state.listFocus);
  const now = useNow(30_000);

  const scroller = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);

  const offsets = useMemo(() => offsetsOf(items, ROW_HEIGHT, HEADER_HEIGHT), [items]);
  const total = offsets[items.length] ?? 0;
  const sizer = useCssVars<HTMLDivElement>({ '--height': `${total}px` });

  // Where each row sits in the display items (rows are reached by row index).
  const itemOfRow = useMemo(() => {
    const result = new Int32Array(rows.length);
    items.forEach((item, position) => {
      if (item.kind === 'row') result[item.index] = position;
    });
    return result;
  }, [items, rows.length]);
  const positionOfRow = useMemo(() => {
    const result = new Int32Array(rows.length);
    order.forEach((rowIndex, position) => {
      result[rowIndex] = position;
    });
    return result;
  }, [order, rows.length]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    setViewport(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  // Keep the current row in view (j/k, e), without smooth scrolling: within a frame.
  const currentIndex = order[cursor];
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || currentIndex === undefined) return;
    const item = itemOfRow[currentIndex] ?? 0;
    const target = scrollToReveal(offsets, item, element.scrollTop, element.clientHeight);
    if (target !== null) {
      element.scrollTop = target;
      setScrollTop(target);
    }
  }, [currentIndex, itemOfRow, offsets]);

  useEffect(() => {
    if (listFocus > 0) scroller.current?.focus({ preventScroll: true });
  }, [listFocus]);

  // Reset to the top when the filter changes (a new first page).
  const filter = useInboxStore((state) => state.filter);
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [filter]);

  const range = visibleRange(offsets, scrollTop, viewport, 4);
  useEffect(() => {
    if (next !== null && range.end >= items.length - 40) void useInboxStore.getState().loadMore();
  }, [range.end, items.length, next]);

  const pick = useCallback((position: number) => {
    const store = useInboxStore.getState();
    store.selectPosition(position);
    const row = store.rows[store.order[position] ?? -1];
    if (row) openRow(row.key);
  }, []);
  const check = useCallback((key: string) => useInboxStore.getState().toggleChecked(key), []);

  const children = [];
  for (let i = range.start; i < range.end; i++) {
    const item = items[i];
    if (!item) continue;
    const top = offsets[i] ?? 0;
    if (item.kind === 'header') {
      children.push(<GroupHeader key={`h:${item.postKey}`} top={top} excerpt={item.excerpt} count={item.count} />);
      continue;
    }
    const row = rows[item.index];
    if (!row) continue;
    const position = positionOfRow[item.index] ?? 0;
    children.push(
      <InboxRowView
        key={row.key}
        row={row}
        position={position}
        top={top}
        selected={position === cursor}
        checked={checked[row.key] === true}
        open={openKey === row.key}
        clientTitle={profileTitle(profiles, row.profileId)}
        clientColor={profileColor(profiles, row.profileId)}
        outbox={byComment[row.key]}
        now={now}
        onPick={pick}
        onCheck={check}
      />,
    );
  }

  const empty = ready && rows.length === 0;
  return (
    <div className="list-wrap">
      <div
        ref={scroller}
        className="list-scroller"
        role="listbox"
        aria-label="Inbox"
        aria-multiselectable={Object.keys(checked).length > 0 ? true : undefined}
        tabIndex={0}
        aria-activedescendant={rows.length > 0 ? `inbox-option-${cursor}` : undefined}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <div ref={sizer} className="list-sizer">
          {children}
        </div>
      </div>
      {empty && (
        <div className="list-empty">
          {error ? (
            <p className="error-text">{error}</p>
          ) : (
            <>
              <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="empty-mark">
                <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <p>{emptyText}</p>
            </>
          )}
        </div>
      )}
      {!ready && <div className="list-empty"><p>Loading…</p></div>}
    </div>
  );
}
