// A client's colour as a small dot.
import { useCssVars } from './hooks.ts';

export function ClientDot({ color, className = '' }: { color: string; className?: string }) {
  const ref = useCssVars<HTMLSpanElement>({ '--client': color });
  return <span ref={ref} className={`client-dot ${className}`} aria-hidden="true" />;
}
