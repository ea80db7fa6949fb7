// Reads an answer's body as text, at most `maxBytes` of it counted AFTER decompression: a body that
// passes the limit stops being read at once (the stream is destroyed, which closes the connection
// and stops the decompressor), so a gzip bomb or an endless body costs the limit, never more.
// undici's body is a stream with backpressure down through the decompress interceptor, so nothing
// upstream inflates ahead of this reader.

/** The body of an undici answer, as this reader needs it. */
export interface BodyStream extends AsyncIterable<Uint8Array> {
  destroy(error?: Error): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Stops reading a body and closes its connection. undici's body emits an AbortError when destroyed;
 * nobody is reading it any more, so that error is expected and must not become an uncaught one.
 */
export function discard(body: BodyStream): void {
  body.on('error', () => undefined);
  body.destroy();
}

export type LimitedText = { ok: true; text: string } | { ok: false; bytesRead: number };

export async function readTextAtMost(body: BodyStream, maxBytes: number): Promise<LimitedText> {
  // Decoded chunk by chunk, so the raw bytes and the text are never both held whole.
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let bytesRead = 0;
  for await (const chunk of body) {
    bytesRead += chunk.byteLength;
    if (bytesRead > maxBytes) {
      discard(body);
      return { ok: false, bytesRead };
    }
    parts.push(decoder.decode(chunk, { stream: true }));
  }
  parts.push(decoder.decode());
  return { ok: true, text: parts.join('') };
}

/** The answer's announced length, when it has a valid one. */
export function declaredLength(headers: Record<string, string | string[] | undefined>): number | undefined {
  const value = headers['content-length'];
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}
