import type { IncomingMessage, ServerResponse } from 'node:http';

/** Node's request as a web-standard Request, so the same handler runs here and on Supabase (Deno). */
export async function toWebRequest(req: IncomingMessage, origin: string, maxBytes: number): Promise<Request> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const method = req.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Keep reading past the limit only up to one extra byte: the handler sees "too large" without us buffering it all.
      if (size > maxBytes + 1) break;
      chunks.push(chunk);
    }
    body = Uint8Array.from(Buffer.concat(chunks));
  }
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}
