import { useEffect, useState } from 'preact/hooks';
import type { StoredItem } from '../../../crdt/items/boardSchema.js';
import { api } from '../../api.js';
import type { OpenBoard } from '../BoardPage.js';
import { boardSvg } from '../export/boardSvg.js';
import { aiProblem, runJob } from './aiJobs.js';
import type { CanvasLink } from './CanvasLink.js';
import { outputTypeLabels } from './AssistantPanel.js';
import { Outcome, Progress } from './panelParts.js';

interface Skill {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly placeholder: string;
  readonly outputType: string;
  readonly tags: readonly string[];
}

interface PlannedItem {
  readonly ref: string;
  readonly type: string;
  readonly position: { x: number; y: number };
  readonly size: { width: number; height: number };
  readonly data: Record<string, unknown>;
}

interface Preview {
  readonly prompt: string;
  readonly rationale: string;
  readonly items: readonly PlannedItem[];
  /** A picture of the planned items, as a `data:` address. */
  readonly picture: string | null;
}

/** Planned creates as items to draw (their `ref` as id, so planned connectors find their ends). */
function asItems(planned: readonly PlannedItem[]): StoredItem[] {
  return planned.map((p, i) => ({
    id: p.ref,
    type: p.type,
    x: p.position.x,
    y: p.position.y,
    width: p.size.width,
    height: p.size.height,
    rotation: 0,
    z: String(i).padStart(6, '0'),
    data: p.data,
    createdBy: '',
    createdAtMs: 0,
    updatedBy: '',
    updatedAtMs: 0,
    locked: false,
  }));
}

/** What a planned item says, in one line. */
function summary(item: PlannedItem): string {
  const d = item.data;
  const text = [d.text, d.title, d.markdown].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (text) return text.split('\n')[0] ?? text;
  if (Array.isArray(d.rows)) return `${d.rows.length} rows`;
  return '';
}

/**
 * The curated skills library (`GET /skills`) as templates: pick a skill, write the prompt its
 * placeholder suggests, preview what it would build (`ai/plan` with the skill: 1 credit, nothing
 * written), then apply it (`skills/{id}/apply`: 5 credits, one change on the board). Applying
 * plans again: the builtin assistant builds exactly the preview, a language model may word it
 * differently, and the panel says so. Viewers and commenters can browse but not apply.
 */
export function SkillsPanel({ board, link }: { board: OpenBoard; link: CanvasLink }) {
  const [skills, setSkills] = useState<readonly Skill[] | null>(null);
  const [chosen, setChosen] = useState<Skill | null>(null);
  const [prompt, setPrompt] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const boardPath = `/boards/${encodeURIComponent(board.boardId)}`;

  useEffect(() => {
    let live = true;
    api<{ data: Skill[] }>(board.tokens, 'GET', '/skills?scope=public&limit=100').then(
      (page) => live && setSkills(page.data),
      (error: unknown) => live && setProblem(aiProblem(error)),
    );
    return () => {
      live = false;
    };
  }, [board.tokens]);

  const choose = (skill: Skill | null) => {
    setChosen(skill);
    setPrompt('');
    setPreview(null);
    setProblem(null);
    setNotice(null);
  };

  const run = (kind: 'preview' | 'apply', task: () => Promise<void>) => {
    setBusy(kind);
    setProblem(null);
    setNotice(null);
    setProgress(null);
    task().then(
      () => setBusy(null),
      (error: unknown) => {
        setBusy(null);
        setProblem(aiProblem(error));
      },
    );
  };

  const showPreview = (event: Event) => {
    event.preventDefault();
    const skill = chosen;
    const p = prompt.trim();
    if (!skill || p === '' || busy) return;
    run('preview', async () => {
      const plan = await api<{ rationale: string; items: PlannedItem[] }>(board.tokens, 'POST', `${boardPath}/ai/plan`, { prompt: p, skillId: skill.id });
      const drawn = boardSvg(asItems(plan.items));
      setPreview({ prompt: p, rationale: plan.rationale, items: plan.items, picture: drawn ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}` : null });
    });
  };

  const apply = () => {
    const skill = chosen;
    if (!skill || !preview || busy) return;
    run('apply', async () => {
      const result = await runJob<{ items: { id: string }[] }>(board.tokens, `${boardPath}/skills/${encodeURIComponent(skill.id)}/apply`, { prompt: preview.prompt }, setProgress);
      setPreview(null);
      setPrompt('');
      link.reveal(result.items.map((i) => i.id));
      setNotice(`${skill.name} added ${result.items.length} item${result.items.length === 1 ? '' : 's'}; they are selected on the board.`);
    });
  };

  if (!chosen) {
    return (
      <div class="panel-body" data-panel="skills">
        <p class="muted">Templates from the skills library: pick one, describe your case, preview, then add it to the board.</p>
        {skills === null && !problem && <p class="muted">Loading skills…</p>}
        <ul class="skill-list">
          {skills?.map((skill) => (
            <li key={skill.id} class="skill" data-skill={skill.id}>
              <button type="button" class="skill-pick" onClick={() => choose(skill)} aria-label={`Use ${skill.name}`}>
                <strong>{skill.name}</strong>
                <span class="muted">{skill.description}</span>
                <span class="chip">{outputTypeLabels[skill.outputType] ?? skill.outputType}</span>
              </button>
            </li>
          ))}
        </ul>
        <Outcome notice={null} problem={problem} />
      </div>
    );
  }

  return (
    <div class="panel-body" data-panel="skills" data-skill={chosen.id}>
      <button type="button" class="link back" onClick={() => choose(null)}>
        ← All skills
      </button>
      <h3 class="panel-title">{chosen.name}</h3>
      <p class="muted">{chosen.description}</p>
      {board.canEdit ? (
        <form class="panel-form" onSubmit={showPreview} aria-label={`Apply ${chosen.name}`}>
          <label for="skill-prompt">Your case</label>
          <textarea id="skill-prompt" name="prompt" rows={4} maxLength={4000} placeholder={chosen.placeholder} value={prompt} onInput={(e) => setPrompt(e.currentTarget.value)} />
          <button type="submit" disabled={busy !== null || prompt.trim() === ''}>
            {busy === 'preview' ? 'Previewing…' : 'Preview'}
          </button>
          <p class="muted">Preview costs 1 AI credit and writes nothing. Adding it runs the skill (5 credits) and writes its items as one change.</p>
        </form>
      ) : (
        <p class="muted">Applying skills needs edit rights on this board.</p>
      )}
      {preview && (
        <section class="skill-preview" aria-label="Preview">
          <p>
            {preview.items.length} item{preview.items.length === 1 ? '' : 's'} would be added. {preview.rationale}
          </p>
          {preview.picture && <img class="preview-picture" src={preview.picture} alt={`Preview of ${chosen.name}`} />}
          <ul class="preview-items">
            {preview.items.map((item) => (
              <li key={item.ref} data-preview-type={item.type}>
                <span class="chip">{item.type.replace(/_/g, ' ')}</span> {summary(item)}
              </li>
            ))}
          </ul>
          <p class="muted">Adding plans again from the same prompt: the builtin assistant builds exactly this; a language model may word it differently.</p>
          <div class="thread-actions">
            <button type="button" onClick={() => setPreview(null)} disabled={busy !== null}>
              Discard
            </button>
            <button type="button" class="primary" onClick={apply} disabled={busy !== null}>
              {busy === 'apply' ? 'Adding…' : 'Add to board'}
            </button>
          </div>
        </section>
      )}
      {busy === 'apply' && <Progress value={progress} label="Adding" />}
      <Outcome notice={notice} problem={problem} />
    </div>
  );
}
