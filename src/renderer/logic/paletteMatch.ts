// Which palette lines a query finds: every word typed appears in the line, in any order, any case
// ("business hours" finds "Report: this client’s business hours and reply target").
export function paletteMatches<Entry extends { label: string }>(entries: readonly Entry[], query: string): Entry[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => words.every((word) => entry.label.toLowerCase().includes(word)));
}
