import { useEffect, useRef, useState } from 'preact/hooks';
import type { OpenBoard } from '../BoardPage.js';
import { ApiError } from '../../api.js';
import { aiProblem, callAi, runJob } from './aiJobs.js';
import type { CanvasLink } from './CanvasLink.js';
import { useLinkState } from './canvasBridge.js';
import { Outcome, Progress } from './panelParts.js';
import { useCredits } from './useCredits.js';

interface Answer {
  readonly question: string;
  readonly answer: string;
  readonly citations: readonly { itemId: string; quote: string }[];
}

/** Output types of `ai/generate`, as the person reads them. */
export const outputTypeLabels: Readonly<Record<string, string>> = {
  sticky_note: 'Sticky notes',
  card: 'Cards',
  text: 'Text',
  shape: 'Shapes',
  section: 'A section of notes',
  table: 'A table',
  doc: 'A doc',
  mind_map: 'A mind map',
  kanban: 'A kanban board',
};

/** What the progress line says while each request runs. */
const runningLabels: Readonly<Record<string, string>> = { ask: 'Asking', generate: 'Generating', modify: 'Rewriting' };

/**
 * The AI assistant beside the canvas: ask a question about the board (the answer cites items:
 * they are highlighted on the canvas, and a click on a citation selects the item and brings it
 * into view); and, for editors, generate items from a prompt and rewrite the selected items
 * from an instruction. Generate and rewrite run as jobs whose progress shows; their Cancel cancels
 * the job (`POST /jobs/{jobId}/cancel`: nothing is written, the credits come back) and the panel
 * says so once the job has ended; a rewrite of several items keeps those already done. Cancel on
 * an ask aborts its request (the server stops the provider's call: rest/callerGone.ts). Credits
 * and plan errors are said plainly.
 */
export function AssistantPanel({ board, link }: { board: OpenBoard; link: CanvasLink }) {
  useLinkState(link);
  const [spent, setSpent] = useState(0);
  const credits = useCredits(board.tokens, spent);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [prompt, setPrompt] = useState('');
  const [outputType, setOutputType] = useState('sticky_note');
  const [instruction, setInstruction] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const boardPath = `/boards/${encodeURIComponent(board.boardId)}`;

  // Highlights belong to the answer shown: none once the panel closes.
  useEffect(() => () => link.cite([]), [link]);

  const running = useRef<AbortController | null>(null);
  // What the panel says once a cancelled job has ended (null: no cancel asked).
  const cancelled = useRef<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // A request or job still running when the panel closes is canceled with it.
  useEffect(() => () => running.current?.abort(), []);

  const work = (name: string, task: (signal: AbortSignal) => Promise<string | null>) => {
    if (busy !== null) return;
    const controller = new AbortController();
    running.current = controller;
    cancelled.current = null;
    setCancelling(false);
    setBusy(name);
    setProblem(null);
    setNotice(null);
    setProgress(null);
    const end = (notice: string | null, problem: string | null) => {
      if (running.current !== controller) return;
      running.current = null;
      setBusy(null);
      setCancelling(false);
      setProgress(null);
      setNotice(notice);
      setProblem(problem);
      setSpent((n) => n + 1);
    };
    task(controller.signal).then(
      (message) => end(message, null),
      (error: unknown) => (error instanceof ApiError && error.code === 'cancelled' && cancelled.current !== null ? end(cancelled.current, null) : end(null, aiProblem(error))),
    );
  };

  const cancel = (said: string) => {
    const controller = running.current;
    if (!controller || cancelling) return;
    if (busy !== 'ask') {
      // A job: the panel waits for it to end (a job that finished first says what it did).
      cancelled.current = said;
      setCancelling(true);
      controller.abort();
      return;
    }
    controller.abort();
    running.current = null;
    setBusy(null);
    setProgress(null);
    setNotice(said);
    setSpent((n) => n + 1);
  };

  const ask = (event: Event) => {
    event.preventDefault();
    const q = question.trim();
    if (q === '') return;
    work('ask', async (signal) => {
      const result = await callAi<Answer>(board.tokens, `${boardPath}/ai/ask`, { question: q }, signal);
      setAnswer({ question: q, answer: result.answer, citations: result.citations });
      link.cite(result.citations.map((c) => c.itemId));
      return null;
    });
  };

  const generate = (event: Event) => {
    event.preventDefault();
    const p = prompt.trim();
    if (p === '') return;
    work('generate', async (signal) => {
      const result = await runJob<{ items: { id: string }[] }>(board.tokens, `${boardPath}/ai/generate`, { prompt: p, outputType }, setProgress, signal);
      setPrompt('');
      link.reveal(result.items.map((i) => i.id));
      return `Created ${result.items.length} item${result.items.length === 1 ? '' : 's'}; they are selected on the board.`;
    });
  };

  const selected = [...link.selection].filter((id) => board.store.get(id)?.type !== 'connector');
  const modify = (event: Event) => {
    event.preventDefault();
    const how = instruction.trim();
    if (how === '' || selected.length === 0) return;
    work('modify', async (signal) => {
      // The API rewrites one item per call: the selection is rewritten item by item.
      for (const [index, itemId] of selected.entries()) {
        await runJob(board.tokens, `${boardPath}/ai/modify`, { itemId, instruction: how }, (p) => setProgress((index + p) / selected.length), signal);
      }
      setInstruction('');
      return `Rewrote ${selected.length} item${selected.length === 1 ? '' : 's'}.`;
    });
  };

  return (
    <div class="panel-body" data-panel="assistant">
      {credits && (
        <p class="muted panel-credits" data-credits={credits.credits}>
          {credits.credits} AI credits and {credits.messages} assistant messages left this month.
        </p>
      )}
      <form class="panel-form" onSubmit={ask} aria-label="Ask about the board">
        <label for="assistant-question">Ask about this board</label>
        <textarea id="assistant-question" name="question" rows={2} maxLength={2000} value={question} onInput={(e) => setQuestion(e.currentTarget.value)} placeholder="What are the open risks?" />
        <button type="submit" class="primary" disabled={busy !== null || question.trim() === ''}>
          {busy === 'ask' ? 'Asking…' : 'Ask'}
        </button>
      </form>
      {answer && (
        <section class="answer" aria-label="Answer" aria-live="polite">
          <p class="answer-text">{answer.answer}</p>
          {answer.citations.length > 0 && (
            <>
              <div class="muted">From these items (click one to show it):</div>
              <ul class="citations">
                {answer.citations.map((c) => (
                  <li key={c.itemId}>
                    <button type="button" class="citation" data-citation={c.itemId} onClick={() => link.reveal([c.itemId])}>
                      “{c.quote}”
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      {board.canEdit ? (
        <>
          <form class="panel-form" onSubmit={generate} aria-label="Generate items">
            <label for="assistant-prompt">Generate items</label>
            <textarea id="assistant-prompt" name="prompt" rows={3} maxLength={4000} value={prompt} onInput={(e) => setPrompt(e.currentTarget.value)} placeholder="Launch plan: design review, beta, announcement" />
            <label for="assistant-output">As</label>
            <select id="assistant-output" name="outputType" value={outputType} onChange={(e) => setOutputType(e.currentTarget.value)}>
              {Object.entries(outputTypeLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <button type="submit" class="primary" disabled={busy !== null || prompt.trim() === ''}>
              {busy === 'generate' ? 'Generating…' : 'Generate'}
            </button>
          </form>
          <form class="panel-form" onSubmit={modify} aria-label="Modify the selection">
            <label for="assistant-instruction">Rewrite the selected {selected.length === 1 ? 'item' : `items (${selected.length})`}</label>
            <input id="assistant-instruction" name="instruction" maxLength={1000} value={instruction} onInput={(e) => setInstruction(e.currentTarget.value)} placeholder="shorter, as a bullet list, title case" />
            <button type="submit" disabled={busy !== null || instruction.trim() === '' || selected.length === 0}>
              {busy === 'modify' ? 'Rewriting…' : 'Rewrite'}
            </button>
            {selected.length === 0 && <span class="muted">Select items on the board first.</span>}
          </form>
        </>
      ) : (
        <p class="muted">Your role lets you ask; generating and rewriting items need edit rights on this board.</p>
      )}
      {busy !== null && <Progress value={progress} label={cancelling ? 'Cancelling' : (runningLabels[busy] ?? 'Working')} onCancel={() => cancel(busy === 'modify' && selected.length > 1 ? 'Canceled: the items rewritten before stay as they are; nothing else was written.' : 'Canceled: nothing was written.')} />}
      <Outcome notice={notice} problem={problem} />
    </div>
  );
}
