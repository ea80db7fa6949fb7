// Ids go into paths as one segment each: they may hold "/" and ":" (bluesky at:// URIs, linkedin
// URNs), which must not split or end the path.
export function segment(id: string): string {
  return encodeURIComponent(id);
}
