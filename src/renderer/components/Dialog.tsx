// A modal dialog: labelled, focus moved in on open and back out on close, Esc closes (through the
// keyboard map's "back"), a click on the backdrop closes.
import { useEffect, useRef, type ReactNode } from 'react';
import { useUiStore } from '../stores/uiStore.ts';

export function Dialog({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const setOverlay = useUiStore((state) => state.setOverlay);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A field marked data-autofocus first (a form's first field, not its Close button), else the first control.
    const first =
      ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current?.querySelector<HTMLElement>('input, button, select, textarea, [tabindex]');
    (first ?? ref.current)?.focus();
    return () => previous?.focus();
  }, []);
  return (
    <div className="backdrop" onMouseDown={(event) => event.target === event.currentTarget && setOverlay(null)}>
      <div ref={ref} className={`dialog ${className}`} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}
