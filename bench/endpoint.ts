/** The feedback endpoint: requests per second and latency under concurrent load. */

export interface EndpointFigures {
  available: boolean;
  requests: number; seconds: number; perSecond: number;
  p50Ms: number; p95Ms: number; maxMs: number;
  statuses: Record<string, number>;
  note?: string;
}

export const ENDPOINT = '/functions/v1/send-feedback';

export async function measureEndpoint(base: string, total = 400, concurrency = 8): Promise<EndpointFigures> {
  const body = (i: number) => JSON.stringify({
    name: `Bench ${i}`, email: `bench${i}@example.com`, phone: '0400 000 000', feedbackType: 'general',
    message: `A performance test message, number ${i}.`,
  });
  const headers = { 'content-type': 'application/json', origin: base };
  const probe = await fetch(base + ENDPOINT, { method: 'POST', headers, body: body(0) });
  const probeText = await probe.text();
  if (probe.status === 404 && /No such function/.test(probeText)) {
    return { available: false, requests: 0, seconds: 0, perSecond: 0, p50Ms: 0, p95Ms: 0, maxMs: 0, statuses: {}, note: 'not mounted on the server' };
  }
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 1;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next <= total) {
      const i = next++;
      const t = performance.now();
      const response = await fetch(base + ENDPOINT, { method: 'POST', headers, body: body(i) });
      await response.arrayBuffer();
      times.push(performance.now() - t);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { available: true, requests: times.length, seconds, perSecond: times.length / seconds, p50Ms: pct(50), p95Ms: pct(95), maxMs: times.at(-1) ?? 0, statuses };
}
