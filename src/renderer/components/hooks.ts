// Small hooks the screen shares.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The current time, ticking every `ms` (relative times, undo countdowns). */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * Sets CSS custom properties on an element through the CSSOM (allowed by the CSP, unlike a style
 * attribute in markup): client colours, list offsets.
 */
export function useCssVars<T extends HTMLElement | SVGElement>(vars: Record<string, string>) {
  const ref = useRef<T | null>(null);
  const serialised = JSON.stringify(vars);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [name, value] of Object.entries(JSON.parse(serialised) as Record<string, string>)) element.style.setProperty(name, value);
  }, [serialised]);
  return ref;
}
