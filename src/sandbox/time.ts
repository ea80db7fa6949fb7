/** UTC ISO 8601 to the second, the service's timestamp format: YYYY-MM-DDThh:mm:ssZ. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
