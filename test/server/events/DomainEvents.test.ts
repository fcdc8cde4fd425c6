import { describe, expect, it } from 'vitest';
import { DomainEvents } from '../../../server/events/index.js';
import type { DomainEventMap } from '../../../server/events/index.js';
import { foldItemChanges } from '../../../server/content/itemChanges.js';

function capturingLogger(): { logger: { error: (context: object, message: string) => void }; errors: { context: Record<string, unknown>; message: string }[] } {
  const errors: { context: Record<string, unknown>; message: string }[] = [];
  return { logger: { error: (context, message) => void errors.push({ context: context as Record<string, unknown>, message }) }, errors };
}

const chat: DomainEventMap['chat.message.created'] = {
  workspaceId: 'wsp_1',
  boardId: 'brd_1',
  actor: { userId: 'usr_1', name: 'Ada' },
  at: 1,
  message: { id: 'msg_1', boardId: 'brd_1', author: { id: 'usr_1', name: 'Ada' }, text: 'hi', createdAt: 1 },
};

describe('DomainEvents', () => {
  it('calls listeners in the order they subscribed, with the payload', async () => {
    const { logger } = capturingLogger();
    const events = new DomainEvents(logger);
    const calls: string[] = [];
    events.on('chat.message.created', (event) => void calls.push(`a:${event.message.text}`));
    events.on('chat.message.created', async (event) => {
      await Promise.resolve();
      calls.push(`b:${event.boardId}`);
    });
    events.on('chat.message.created', () => void calls.push('c'));
    events.on('board.changed', () => void calls.push('other type'));
    await events.emit('chat.message.created', chat);
    expect(calls).toEqual(['a:hi', 'c', 'b:brd_1']);
  });

  it('resolves emit only after async listeners settle', async () => {
    const events = new DomainEvents(capturingLogger().logger);
    let release = (): void => {};
    let done = false;
    events.on('chat.message.created', () => new Promise<void>((resolve) => (release = resolve)).then(() => void (done = true)));
    const emitted = events.emit('chat.message.created', chat);
    expect(done).toBe(false);
    release();
    await emitted;
    expect(done).toBe(true);
  });

  it('logs a throwing or rejecting listener with context and still runs the others; emit never rejects', async () => {
    const { logger, errors } = capturingLogger();
    const events = new DomainEvents(logger);
    const calls: string[] = [];
    events.on('chat.message.created', () => {
      throw new Error('sync failure');
    });
    events.on('chat.message.created', () => Promise.reject(new Error('async failure')));
    events.on('chat.message.created', () => void calls.push('after'));
    await expect(events.emit('chat.message.created', chat)).resolves.toBeUndefined();
    expect(calls).toEqual(['after']);
    expect(errors).toHaveLength(2);
    expect(errors[0]?.context).toMatchObject({ event: 'chat.message.created', boardId: 'brd_1', workspaceId: 'wsp_1' });
    expect((errors[1]?.context.err as Error).message).toBe('async failure');
  });

  it('unsubscribes one subscription at a time, idempotently', async () => {
    const events = new DomainEvents(capturingLogger().logger);
    let count = 0;
    const listener = (): void => void (count += 1);
    const off1 = events.on('chat.message.created', listener);
    const off2 = events.on('chat.message.created', listener);
    await events.emit('chat.message.created', chat);
    expect(count).toBe(2);
    off1();
    off1();
    await events.emit('chat.message.created', chat);
    expect(count).toBe(3);
    off2();
    expect(events.listenerCount('chat.message.created')).toBe(0);
    await events.emit('chat.message.created', chat);
    expect(count).toBe(3);
  });

  it('a listener that unsubscribes while an event is delivered does not skip the others', async () => {
    const events = new DomainEvents(capturingLogger().logger);
    const calls: string[] = [];
    const off = events.on('chat.message.created', () => {
      calls.push('first');
      off();
    });
    events.on('chat.message.created', () => void calls.push('second'));
    await events.emit('chat.message.created', chat);
    await events.emit('chat.message.created', chat);
    expect(calls).toEqual(['first', 'second', 'second']);
  });

  it('onEach subscribes several types with one unsubscriber', async () => {
    const events = new DomainEvents(capturingLogger().logger);
    const seen: string[] = [];
    const off = events.onEach(['chat.message.created', 'member.added'], (type) => void seen.push(type));
    await events.emit('chat.message.created', chat);
    await events.emit('member.added', { workspaceId: 'w', actor: { userId: 'u' }, at: 1, scope: 'space', resourceId: 'spc_1', member: { userId: 'u2', role: 'editor' } });
    off();
    await events.emit('chat.message.created', chat);
    expect(seen).toEqual(['chat.message.created', 'member.added']);
  });
});

describe('foldItemChanges', () => {
  it('folds changes per item to their net effect, in order of first touch', () => {
    const changes = foldItemChanges([
      { id: 'a', change: 'created' },
      { id: 'b', change: 'updated' },
      { id: 'a', change: 'updated' },
      { id: 'c', change: 'created' },
      { id: 'c', change: 'deleted' },
      { id: 'b', change: 'deleted' },
      { id: 'd', change: 'updated' },
      { id: 'd', change: 'updated' },
    ]);
    expect(changes).toEqual({ created: ['a'], updated: ['d'], deleted: ['b'] });
  });
});
