import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_ANSWER, type AskEvent, type AskSource } from '@/lib/contract/ask';
import { AskPanel } from '@/components/ask/AskPanel';
import { AskButton } from '@/components/ask/LazyAsk';
import { UnansweredQuestions } from '@/components/ask/UnansweredQuestions';
import { AskEntryContext, HeaderAsk } from '@/components/layout/HeaderAsk';
import { askData } from '@/mocks/ask-state';
import { mockDb, server } from '@/mocks/node';
import { MOCK_DEMO_HUB } from '@/mocks/state';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { resetAuthAfterEach } from '@/tests/render';
import { findDialog, seedContent } from '../contents/fixtures';
import { AskBesideResults } from '@/components/ask/AskBesideResults';
import { HubSearch } from '@/components/contents/search/HubSearch';
import { HubSettings } from '@/components/hubs/HubSettings';
import { resetRouter } from '@/tests/router';
import { addHubMember, demoHub, renderStill, seedSpace, signInOwner, signInUser } from '../spaces/fixtures';

setupMockServer();
resetAuthAfterEach();
afterEach(() => server.events.removeAllListeners());

const ASK = '*/api/v1/ask/';
const line = (event: AskEvent) => `${JSON.stringify(event)}\n`;

/** A stream the test writes to, chunk by chunk, and may break or leave open. */
function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    break: () => controller.error(new TypeError('terminated')),
  };
}

/** The JSON bodies and headers of every POST ask/, in order. */
function watchAsks() {
  const asks: { body: Record<string, unknown>; headers: Headers }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/ask/') {
      void request.clone().json().then((body: Record<string, unknown>) => asks.push({ body, headers: request.headers }));
    }
  });
  return asks;
}

const source = (n: number, over: Partial<AskSource> = {}): AskSource => ({
  n,
  content: { id: `c${n}`, name: `Handbook ${n}.pdf`, kind: 'document' },
  space: { id: 's1', name: 'People' },
  passage: { position: n, location: { page: n + 1 }, label: `Page ${n + 1}`, start: 0, end: 10 },
  excerpt: `Excerpt of handbook ${n}.`,
  ...over,
});

const box = () => screen.getByRole('textbox');
const conversation = () => screen.getByRole('region', { name: 'Conversation' });

async function askVia(user: ReturnType<typeof renderStill>['user'], question: string) {
  await user.type(box(), question);
  await user.keyboard('{Enter}');
}

describe('Ask', { timeout: 30_000 }, () => {
  it('streams the answer sentence by sentence, with citations and the numbered sources', async () => {
    await signInOwner();
    const stream = controlledStream();
    server.use(http.post(ASK, () => stream.response(), { once: true }));
    const asks = watchAsks();
    const { user } = renderStill(<AskPanel />);

    // Shift+Enter is a new line, not a question.
    await user.type(box(), 'How many days{Shift>}{Enter}{/Shift}of leave?');
    expect(box()).toHaveValue('How many days\nof leave?');
    expect(asks).toHaveLength(0);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(asks).toHaveLength(1));
    expect(asks[0]?.body).toEqual({ question: 'How many days\nof leave?' });
    expect(asks[0]?.headers.get('authorization')).toMatch(/^JWT /);
    expect(asks[0]?.headers.get('org-handle')).toBe(MOCK_DEMO_HUB.domainHandle);
    expect(box()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    // A line may arrive in pieces: nothing shows until its newline.
    const first = line({ type: 'sentence', text: 'Everyone gets 25 days of leave.', citations: [1, 2] });
    stream.write(line({ type: 'start', question_id: 'q1', conversation_id: 'q1' }) + line({ type: 'sources', sources: [source(1), source(2)] }));
    stream.write(first.slice(0, 20));
    await screen.findByRole('list', { name: 'Sources' });
    expect(screen.queryByText(/Everyone gets/)).not.toBeInTheDocument();
    stream.write(first.slice(20));
    expect(await screen.findByText('Everyone gets 25 days of leave.')).toBeInTheDocument();
    expect(screen.queryByText('Part-timers get a share.')).not.toBeInTheDocument();

    stream.write(line({ type: 'sentence', text: 'Part-timers get a share.', citations: [2] }));
    stream.write(line({ type: 'done', answered: true }));
    stream.close();
    expect(await screen.findByText('Part-timers get a share.')).toBeInTheDocument();
    expect(within(conversation()).getAllByRole('button', { name: /^Source 2: Handbook 2\.pdf$/ })).toHaveLength(2);
    expect(within(conversation()).getByRole('button', { name: 'Source 1: Handbook 1.pdf' })).toHaveTextContent('1');

    const sources = within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem');
    expect(sources).toHaveLength(2);
    expect(sources[1]).toHaveTextContent('Handbook 2.pdf');
    expect(sources[1]).toHaveTextContent('Document');
    expect(sources[1]).toHaveTextContent('People');
    expect(sources[1]).toHaveTextContent('Page 3');
    expect(sources[1]).toHaveTextContent('Excerpt of handbook 2.');
    expect(box()).toBeEnabled();
    expect(box()).toHaveValue('');
  });

  it('opens the cited item’s preview at the cited passage', async () => {
    const space = seedSpace({ name: 'People' });
    seedContent(space, { name: 'Leave policy.txt', body: 'Everyone gets 25 days of annual leave. Unused days carry over.' });
    await signInOwner();
    const { user } = renderStill(<AskPanel />);
    await askVia(user, 'How much annual leave?');

    await user.click(await within(conversation()).findByRole('button', { name: 'Source 1: Leave policy.txt' }));
    const preview = await findDialog('Leave policy.txt');
    await waitFor(() => expect(preview.querySelector('[data-passage]')).toHaveTextContent('Everyone gets 25 days of annual leave.'));
    expect(preview.querySelector('[data-passage]')).not.toHaveTextContent('Unused days');
  });

  it('says calmly when the hub has no answer, and offers to search instead', async () => {
    seedContent(seedSpace({ name: 'People' }), { name: 'Leave policy.txt', body: 'Everyone gets 25 days of annual leave.' });
    await signInOwner();
    const { user } = renderStill(<AskPanel />);
    await askVia(user, 'Who won the cup?');

    const answer = await within(conversation()).findByRole('status');
    await waitFor(() => expect(answer).toHaveTextContent(NOT_FOUND_ANSWER));
    expect(within(answer).getByRole('link', { name: 'search for it instead' })).toHaveAttribute('href', '/search?q=Who%20won%20the%20cup%3F');
    expect(screen.queryByRole('list', { name: 'Sources' })).not.toBeInTheDocument();
    expect(askData(mockDb).questions.map((q) => q.answered)).toEqual([false]);
  });

  it('sends follow-ups in the same conversation, and starts a new one on request', async () => {
    const space = seedSpace({ name: 'People' });
    seedContent(space, { name: 'Leave policy.txt', body: 'Everyone gets 25 days of annual leave.' });
    await signInOwner();
    const asks = watchAsks();
    const { user } = renderStill(<AskPanel space={{ id: space.id, name: space.name }} />);

    await askVia(user, 'How much annual leave?');
    await screen.findByRole('button', { name: 'Helpful' });
    await askVia(user, 'And for part-timers?');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Helpful' })).toHaveLength(2));
    const first = askData(mockDb).questions[0];
    expect(asks.map((a) => a.body)).toEqual([
      { question: 'How much annual leave?', space_id: space.id },
      { question: 'And for part-timers?', space_id: space.id, conversation_id: first?.id },
    ]);
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    await askVia(user, 'Annual leave again?');
    await waitFor(() => expect(asks).toHaveLength(3));
    expect(asks[2]?.body).toEqual({ question: 'Annual leave again?', space_id: space.id });
  });

  it('rates an answer at once, and puts the rating back when it could not be saved', async () => {
    seedContent(seedSpace({ name: 'People' }), { name: 'Leave policy.txt', body: 'Everyone gets 25 days of annual leave.' });
    await signInOwner();
    const { user } = renderStill(<AskPanel />);
    await askVia(user, 'How much annual leave?');

    const helpful = await screen.findByRole('button', { name: 'Helpful' });
    const notHelpful = screen.getByRole('button', { name: 'Not helpful' });
    expect(helpful).toHaveAttribute('aria-pressed', 'false');
    await user.click(helpful);
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(askData(mockDb).questions[0]?.helpful).toBe(true));

    server.use(http.post('*/api/v1/ask/:id/feedback/', () => HttpResponse.json({ message: 'The server is down.', code: 'internal_error' }, { status: 500 }), { once: true }));
    await user.click(notHelpful);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not save your rating. The server is down.');
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    expect(notHelpful).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(notHelpful).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(askData(mockDb).questions[0]?.helpful).toBe(false));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stops an answer on request, keeping what arrived', async () => {
    await signInOwner();
    const stream = controlledStream();
    server.use(http.post(ASK, () => stream.response(), { once: true }));
    const { user } = renderStill(<AskPanel />);
    await askVia(user, 'How much leave?');
    stream.write(line({ type: 'start', question_id: 'q1', conversation_id: 'q1' }));
    stream.write(line({ type: 'sentence', text: 'Everyone gets 25 days.', citations: [] }));
    await screen.findByText('Everyone gets 25 days.');

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('You stopped this answer.')).toBeInTheDocument();
    expect(screen.getByText('Everyone gets 25 days.')).toBeInTheDocument();
    expect(box()).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    // Later lines of the stopped stream change nothing.
    try {
      stream.write(line({ type: 'sentence', text: 'Late sentence.', citations: [] }));
    } catch {
      // The stream may already be cancelled: nothing more can arrive either way.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Late sentence.')).not.toBeInTheDocument();
  });

  it('keeps what arrived when the stream is cut, and asks again on Retry', async () => {
    const space = seedSpace({ name: 'People' });
    seedContent(space, { name: 'Leave policy.txt', body: 'Everyone gets 25 days of annual leave.' });
    await signInOwner();
    // The cut question was stored (the API stores it before answering), so the retry continues its conversation.
    const { hub, owner } = demoHub();
    const cut = mockDb.newId();
    askData(mockDb).questions.push({
      id: cut, hubId: hub.id, userId: owner.id, conversationId: cut, spaceId: null,
      question: 'How much annual leave?', answered: false, helpful: null, askedAt: mockDb.now(),
    });
    const stream = controlledStream();
    server.use(http.post(ASK, () => stream.response(), { once: true }));
    const asks = watchAsks();
    const { user } = renderStill(<AskPanel />);
    await askVia(user, 'How much annual leave?');
    stream.write(line({ type: 'start', question_id: cut, conversation_id: cut }));
    stream.write(line({ type: 'sentence', text: 'Everyone gets', citations: [] }));
    // Breaking a stream drops what is queued in it: the line is read first.
    await screen.findByText('Everyone gets');
    stream.break();

    expect(await screen.findByText(/The answer was cut off\./)).toBeInTheDocument();
    expect(screen.getByText('Everyone gets')).toBeInTheDocument();
    expect(box()).toBeEnabled();

    // The retry goes to the mock's own answer.
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(conversation()).findByRole('button', { name: 'Source 1: Leave policy.txt' })).toBeInTheDocument();
    expect(screen.queryByText('Everyone gets')).not.toBeInTheDocument();
    expect(screen.queryByText(/cut off/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(asks.map((a) => a.body)).toEqual([
      { question: 'How much annual leave?' },
      { question: 'How much annual leave?', conversation_id: cut },
    ]);
  });

  it('treats a stream that ends without its last event as cut off', async () => {
    await signInOwner();
    server.use(
      http.post(ASK, () =>
        new HttpResponse(line({ type: 'start', question_id: 'q1', conversation_id: 'q1' }) + line({ type: 'sentence', text: 'Half an answer', citations: [] }), {
          headers: { 'Content-Type': 'application/x-ndjson' },
        }), { once: true }),
    );
    const { user } = renderStill(<AskPanel />);
    await askVia(user, 'How much leave?');
    expect(await screen.findByText(/The answer was cut off\./)).toBeInTheDocument();
    expect(screen.getByText('Half an answer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('puts a refused question back in the box and says when to ask again', async () => {
    await signInOwner();
    server.use(
      http.post(ASK, () =>
        HttpResponse.json({ message: 'Too many questions. Please slow down.', code: 'rate_limited' }, { status: 429, headers: { 'Retry-After': '30' } }), { once: true }),
    );
    const { user } = renderStill(<AskPanel />);
    await askVia(user, 'How much leave?');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many questions. Please slow down. You can ask again in 30 seconds.');
    expect(box()).toHaveValue('How much leave?');
    expect(screen.queryByRole('region', { name: 'Conversation' })).not.toBeInTheDocument();
  });

  it('shows the API’s field error for a refused question', async () => {
    await signInOwner();
    server.use(
      http.post(ASK, () =>
        HttpResponse.json({ message: 'Please enter a question', code: 'validation_error', errors: { question: ['Please enter a question'] } }, { status: 400 }), { once: true }),
    );
    const { user } = renderStill(<AskPanel />);
    await askVia(user, '?');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a question');
    expect(box()).toHaveValue('?');
  });

  it('opens from the header in a drawer, its code loaded on the first click', async () => {
    await signInOwner();
    const { user } = renderStill(
      <AskEntryContext value={AskButton}>
        <HeaderAsk />
      </AskEntryContext>,
    );
    await user.click(await screen.findByRole('button', { name: 'Ask' }));
    const drawer = await findDialog('Ask your spaces');
    expect(within(drawer).getByRole('textbox', { name: 'Your question' })).toBeInTheDocument();
  });

  it('lists the unanswered questions for owners, ten at a time', async () => {
    const space = seedSpace({ name: 'People' });
    const { hub, owner } = demoHub();
    for (let i = 1; i <= 12; i += 1) {
      askData(mockDb).questions.push({
        id: mockDb.newId(), hubId: hub.id, userId: owner.id, conversationId: 'c', spaceId: i === 12 ? space.id : null,
        question: `Question ${String(i).padStart(2, '0')}?`, answered: false, helpful: null, askedAt: new Date(Date.UTC(2026, 0, i)).toISOString(),
      });
    }
    await signInOwner();
    const { user } = renderStill(<UnansweredQuestions hub={mockDb.myHub(hub, 'owner')} />);
    const items = () => within(screen.getByRole('list', { name: 'Unanswered questions' })).getAllByRole('listitem');
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(items()[0]).toHaveTextContent('Question 12?');
    expect(items()[0]).toHaveTextContent('People');
    expect(items()[1]).toHaveTextContent('All spaces');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(12));
  });

  it('shows the unanswered questions in hub settings to owners only', async () => {
    await signInUser(addHubMember('editor@example.com', 'Eddie Editor', 'editor'));
    const editor = renderStill(<HubSettings />);
    await screen.findByRole('region', { name: 'Hub' });
    expect(screen.queryByRole('region', { name: 'Unanswered questions' })).not.toBeInTheDocument();
    editor.unmount();

    await signInOwner();
    renderStill(<HubSettings />);
    const panel = await screen.findByRole('region', { name: 'Unanswered questions' });
    expect(await within(panel).findByText('Nothing unanswered')).toBeInTheDocument();
  });

  it('asks beside the search results, starting from the query', async () => {
    await signInOwner();
    resetRouter('/search', { q: 'annual leave' });
    const { user } = renderStill(<HubSearch besideResults={AskBesideResults} />);
    // antd's segmented control takes clicks on its labels.
    const choose = (name: string) => user.click(screen.getByRole('radio', { name }).closest('label') ?? document.body);
    await choose('Ask');
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toHaveValue('annual leave');
    await choose('Results');
    // Hidden, not gone: the conversation is there when the asker comes back.
    expect(screen.queryByRole('textbox', { name: 'Your question' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question', hidden: true })).toHaveValue('annual leave');
  });

  it('asks one space from its Ask button', async () => {
    const space = seedSpace({ name: 'People' });
    await signInOwner();
    const asks = watchAsks();
    const { user } = renderStill(<AskButton label="Ask this space" space={{ id: space.id, name: space.name }} />);
    await user.click(screen.getByRole('button', { name: 'Ask this space' }));
    const drawer = await findDialog('Ask People');
    await user.type(within(drawer).getByRole('textbox', { name: 'Your question' }), 'Who is new?{Enter}');
    await waitFor(() => expect(asks.map((a) => a.body)).toEqual([{ question: 'Who is new?', space_id: space.id }]));
  });
});
