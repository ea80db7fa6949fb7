// Lists of strings kept as JSON text (labels, media URLs): a value that does not parse, or is not
// a list, reads as an empty list rather than failing the row it belongs to.
export function parseStringList(text: string): string[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
