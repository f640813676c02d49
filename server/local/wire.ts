/** A web Request or Response as plain data, to cross to a worker thread and back (structured clone, body transferred). */
export interface WireRequest { url: string; method: string; headers: [string, string][]; body: ArrayBuffer | null }
export interface WireResponse { status: number; headers: [string, string][]; body: ArrayBuffer }

export async function requestToWire(request: Request): Promise<WireRequest> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  return { url: request.url, method: request.method, headers: [...request.headers], body };
}

export const fromWire = (wire: WireRequest): Request => new Request(wire.url, { method: wire.method, headers: wire.headers, body: wire.body });

export async function toWire(response: Response): Promise<WireResponse> {
  return { status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
}

export const responseFromWire = (wire: WireResponse): Response =>
  new Response(wire.status === 204 || wire.status === 304 ? null : wire.body, { status: wire.status, headers: wire.headers });
