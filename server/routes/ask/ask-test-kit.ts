import type { AskBody, AskEvent, AskSource } from '../../../lib/contract/ask';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Space } from '../../../lib/contract/spaces';
import type { TestServer } from '../../test/harness';
import type { ItemBody } from '../contents/content-test-kit';
import type { Person } from '../spaces/space-test-kit';

/*
 * Asking through the real API: POST ask/ answers a stream of events, one JSON
 * object a line, which these helpers read whole.
 */

export interface Asked {
  status: number;
  contentType: string;
  events: AskEvent[];
  /** The error envelope when the answer is not a stream. */
  error?: { message: string; code: string; errors?: Record<string, string[]> };
  ms: number;
}

/** The parts of a streamed answer, once it is complete. */
export function answerOf(asked: Asked) {
  const of = <T extends AskEvent['type']>(type: T) => asked.events.filter((e): e is Extract<AskEvent, { type: T }> => e.type === type);
  const sources: AskSource[] = of('sources')[0]?.sources ?? [];
  return {
    types: asked.events.map((e) => e.type),
    start: of('start')[0],
    sources,
    sentences: of('sentence'),
    text: of('sentence').map((s) => s.text).join(' '),
    answered: of('done')[0]?.answered,
  };
}

export async function askRaw(server: TestServer, headers: Record<string, string>, body: unknown): Promise<Asked> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/v1/ask/`, {
    method: 'POST',
    headers: { AppType: 'social', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('application/x-ndjson')) return { status: response.status, contentType, events: [], error: JSON.parse(text), ms };
  const events = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as AskEvent);
  return { status: response.status, contentType, events, ms };
}

export const ask = (server: TestServer, person: Person, hub: MyHub, body: AskBody) =>
  askRaw(server, { Authorization: `JWT ${person.token}`, 'Org-Handle': hub.domain_handle }, body);

/** A note written through the API; returns its id. */
export async function addNote(server: TestServer, person: Person, hub: MyHub, space: Space, title: string, body: string): Promise<string> {
  const res = await server.post<ItemBody>(`spaces/${space.id}/contents/notes/`, { title, body }, { token: person.token, hubHandle: hub.domain_handle });
  if (res.status !== 201) throw new Error(`add note failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}
