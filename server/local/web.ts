import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ReadBody {
  bytes: Uint8Array<ArrayBuffer>;
  /** False when reading stopped at the limit: the rest of the body is still on the connection. */
  complete: boolean;
}

/**
 * Reads a request body up to maxBytes + 1 bytes: one byte more than the limit is enough for a handler to answer
 * "too large" without this server buffering the rest. Reading stops there without destroying the request (that
 * would cut the connection before the answer is sent); closeAfterAnswer() deals with what is left.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (complete: boolean) => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      const all = Buffer.concat(chunks);
      resolve({ bytes: Uint8Array.from(all.subarray(0, maxBytes + 1)), complete });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size > maxBytes) {
        req.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onError = (error: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      reject(error);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** Node's request as a web-standard Request, so the same handler runs here and on Supabase (Deno). */
export function toWebRequest(req: IncomingMessage, url: URL, body: Uint8Array<ArrayBuffer> | undefined): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return new Request(url, { method: req.method ?? 'GET', headers, body });
}

/** Sends a web-standard Response, after the headers this server puts on every answer (the response's own win). */
export async function sendWebResponse(res: ServerResponse, response: Response, baseHeaders: Record<string, string> = {}): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [key, value] of Object.entries(baseHeaders)) res.setHeader(key, value);
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(body);
}

/** Longest time, and most bytes, spent reading and discarding a body after an early answer before cutting it off. */
export const DRAIN_MS = 5_000;
export const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * After an answer sent before the whole request body was read (413): the connection cannot carry another request
 * (the rest of the body is in the way), so the answer says Connection: close and Node ends the connection once the
 * answer is out. Until then the rest is read and thrown away rather than left unread (a client blocked on a full
 * connection would never reach the answer); a client that sends more than DRAIN_BYTES or for longer than DRAIN_MS
 * is cut off. The request is never destroyed before the answer is written: that reset the connection and lost the
 * 413 for one client in two.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse, limits = { bytes: DRAIN_BYTES, ms: DRAIN_MS }): void {
  res.setHeader('Connection', 'close');
  drainAfterAnswer(req, limits);
}

/**
 * The same reading and throwing away, on a connection that stays open: once the rest of the body is read it can carry
 * the next request. For a browser still sending a large file when the answer comes: a connection closed under it
 * (Node closes it once a Connection: close answer is out) makes the browser's next piece meet a reset, and a reset
 * can throw away the answer before it is read (seen on a busy machine, one upload in five).
 */
export function drainAfterAnswer(req: IncomingMessage, limits = { bytes: DRAIN_BYTES, ms: DRAIN_MS }): void {
  const socket = req.socket;
  let drained = 0;
  const stop = () => socket.destroy();
  const timer = setTimeout(stop, limits.ms);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limits.bytes) stop();
  });
  req.resume();
}
