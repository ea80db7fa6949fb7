// The unified inbox: a listbox named "Inbox" whose rows are options, virtualised (only the rows in
// view and a few around them are in the DOM), loading the next keyset page as it scrolls.
//
// `j`/`k` must fit in a frame (issue 6), so moving the selection re-renders only the two rows whose
// selection changed: each row reads its own selected / checked / open / outbox state from the
// stores (InboxRowView.tsx), the list itself does not subscribe to the cursor. Following the cursor
// (aria-activedescendant, scrolling it into view) is done by SelectionFollower below, outside the
// list's render; the rows a scroll brings in are rendered after the frame unless they are needed
// to fill the view.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { offsetsOf, visibleRange, scrollToReveal } from '../logic/listState.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { profileColor, profileTitle, useProfilesStore } from '../stores/profilesStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { openAt } from '../actions.ts';
import { useCssVars, useNow } from './hooks.ts';
import { InboxRowView } from './InboxRowView.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import type { Network } from '../../shared/networks.ts';
import { ListEmptyState } from './ListEmptyState.tsx';
import { pickedKeys } from '../logic/selection.ts';

export const ROW_HEIGHT = 88;
export const HEADER_HEIGHT = 36;

function GroupHeader({ top, excerpt, count, networks }: { top: number; excerpt: string; count: number; networks?: readonly Network[] | undefined }) {
  const ref = useCssVars<HTMLDivElement>({ '--top': `${top}px` });
  return (
    <div ref={ref} className="group-header" aria-hidden="true">
      {/* Issue 21 (publication key, decision 0051): one group for a post sent to several networks, its networks shown. */}
      {networks !== undefined && (
        <span className="group-networks" data-networks={networks.join(' ')}>
          {networks.map((network) => (
            <NetworkIcon key={network} network={network} size={13} />
          ))}
        </span>
      )}
      <span className="group-excerpt">{excerpt}</span>
      <span className="group-count">{count}</span>
    </div>
  );
}

/**
 * Follows the current row without re-rendering the list: points the listbox's
 * aria-activedescendant at it and scrolls it into view (within the frame, no smooth scrolling).
 * Renders nothing; it is the one part of the list that subscribes to the cursor.
 */
function SelectionFollower({
  scrollerRef,
  offsets,
  itemOfRow,
  order,
  renderedTop,
  renderedBottom,
  onRevealOutside,
}: {
  // Named …Ref so the hooks lint knows it is a ref the effect may write through, not a plain prop.
  scrollerRef: RefObject<HTMLDivElement | null>;
  offsets: Float64Array;
  itemOfRow: Int32Array;
  order: number[];
  /** The pixels the rendered rows cover. */
  renderedTop: number;
  renderedBottom: number;
  /** The view was scrolled beyond the rendered rows: render the rows for it now. */
  onRevealOutside: (scrollTop: number) => void;
}) {
  const cursor = useInboxStore((state) => state.cursor);
  const currentIndex = order[cursor];
  const currentItem = currentIndex === undefined ? -1 : (itemOfRow[currentIndex] ?? 0);
  // The rendered rows, for the effect below without re-running it when the list scrolls (it would
  // bring the current row back into view while the user scrolls away from it).
  const rendered = useRef({ top: renderedTop, bottom: renderedBottom });
  useLayoutEffect(() => {
    rendered.current = { top: renderedTop, bottom: renderedBottom };
  });
  // Runs when the current row moves (a key, a click, rows added or removed above it), not when
  // rows are appended below: a next page loading while the user scrolls must not take them back.
  useLayoutEffect(() => {
    const element = scrollerRef.current;
    if (!element) return;
    if (currentItem < 0) {
      element.removeAttribute('aria-activedescendant');
      return;
    }
    element.setAttribute('aria-activedescendant', `inbox-option-${cursor}`);
    const height = element.clientHeight;
    const target = scrollToReveal(offsets, currentItem, element.scrollTop, height);
    if (target === null) return;
    element.scrollTop = target;
    // A step of a row or two stays within the overscan: the rows already rendered fill the view,
    // and the list catches up from the scroll event after this frame is painted. A longer jump
    // needs its rows in this frame.
    if (target < rendered.current.top || target + height > rendered.current.bottom) onRevealOutside(target);
    // offsets: read as of the render that moved the current row; a change of theirs alone (a page
    // appended) is no reason to scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- offsets left out on purpose, as said above
  }, [scrollerRef, cursor, currentIndex, currentItem, onRevealOutside]);
  return null;
}

export function InboxList({ emptyText }: { emptyText: ReactNode }) {
  const rows = useInboxStore((state) => state.rows);
  const items = useInboxStore((state) => state.items);
  const order = useInboxStore((state) => state.order);
  const anyChecked = useInboxStore((state) => pickedKeys(state.selection).length > 0);
  const next = useInboxStore((state) => state.next);
  const ready = useInboxStore((state) => state.ready);
  const error = useInboxStore((state) => state.error);
  const loadMore = useInboxStore((state) => state.loadMore);
  const toggleChecked = useInboxStore((state) => state.toggleChecked);
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
    if (next !== null && range.end >= items.length - 40) void loadMore();
  }, [range.end, items.length, next, loadMore]);

  const pick = openAt;
  const check = toggleChecked;

  const children = [];
  for (let i = range.start; i < range.end; i++) {
    const item = items[i];
    if (!item) continue;
    const top = offsets[i] ?? 0;
    if (item.kind === 'header') {
      children.push(<GroupHeader key={`h:${item.postKey}`} top={top} excerpt={item.excerpt} count={item.count} networks={item.networks} />);
      continue;
    }
    const row = rows[item.index];
    if (!row) continue;
    children.push(
      <InboxRowView
        key={row.key}
        row={row}
        position={positionOfRow[item.index] ?? 0}
        top={top}
        clientTitle={profileTitle(profiles, row.profileId)}
        clientColor={profileColor(profiles, row.profileId)}
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
        aria-multiselectable={anyChecked ? true : undefined}
        tabIndex={0}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <div ref={sizer} className="list-sizer">
          {children}
        </div>
      </div>
      <SelectionFollower
        scrollerRef={scroller}
        offsets={offsets}
        itemOfRow={itemOfRow}
        order={order}
        renderedTop={offsets[range.start] ?? 0}
        renderedBottom={offsets[range.end] ?? 0}
        onRevealOutside={setScrollTop}
      />
      {empty && <ListEmptyState emptyText={emptyText} error={error} />}
      {!ready && (
        <div className="list-empty">
          <p>Loading…</p>
        </div>
      )}
    </div>
  );
}
