// One way to tell the person about trouble above the inbox (the store rebuilt, a key to enter
// again, a damaged outbox): a named region in the notice style, its words, then its actions.
import type { ReactNode } from 'react';
import './notice.css';

export function Notice({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <section className={`notice banner notice-stack${className ? ` ${className}` : ''}`} aria-label={label}>
      {children}
    </section>
  );
}
