import { describe, expect, it } from 'vitest';
import { InvitationService, invitationLifetimeMs } from '../../server/boards/InvitationService.js';
import type { MailMessage } from '../../server/signin/Mailer.js';
import type { Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { MingoStandInDb } from '../storage/mingoStandIn.js';

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

describe.each(adapters)('InvitationService over %s', (_name, open) => {
  it('stores one invitation per address and resource, mails it, renews, changes, counts, cancels and hands them over once', async () => {
    const db = open();
    const clock = new ManualClock(1_000_000);
    const sent: MailMessage[] = [];
    const invitations = new InvitationService(db, { mailer: { send: async (m) => void sent.push(m) }, clock, publicUrl: 'http://127.0.0.1:1' });
    const board = { resourceType: 'board', resourceId: 'brd_1', name: 'Plan' } as const;
    const by = { id: 'usr_a', name: 'Ana' };
    const first = await invitations.invite(board, { email: ' New@Example.com ', role: 'viewer', invitedBy: by });
    expect(first).toMatchObject({ created: true, invitation: { email: 'new@example.com', role: 'viewer', expiresAt: 1_000_000 + invitationLifetimeMs } });
    expect(sent.at(-1)).toMatchObject({ to: 'new@example.com', subject: 'Ana invited you to the board "Plan"' });
    expect(sent.at(-1)?.text).toContain('http://127.0.0.1:1/boards/brd_1\n');
    clock.advance(1000);
    const again = await invitations.invite(board, { email: 'new@example.com', role: 'editor', invitedBy: by });
    expect(again).toMatchObject({ created: false, invitation: { role: 'editor', createdAt: 1_000_000, expiresAt: 1_001_000 + invitationLifetimeMs } });
    await invitations.invite({ resourceType: 'space', resourceId: 'spc_1', name: 'Team' }, { email: 'new@example.com', role: 'admin', invitedBy: by, linkBase: 'http://localhost:2' });
    expect(sent.at(-1)?.text).toContain('http://localhost:2/spaces/spc_1\n');
    await invitations.invite(board, { email: 'other@example.com', role: 'viewer', invitedBy: by });
    expect(await invitations.count('board', 'brd_1')).toBe(2);
    expect((await invitations.changeRole('board', 'brd_1', 'NEW@example.com', 'commenter'))?.role).toBe('commenter');
    expect(await invitations.changeRole('board', 'brd_1', 'none@example.com', 'viewer')).toBeNull();
    expect(await invitations.cancel('board', 'brd_1', 'other@example.com')).toBe(true);
    expect(await invitations.cancel('board', 'brd_1', 'other@example.com')).toBe(false);
    const taken = await invitations.take('new@example.com');
    expect(taken.map((i) => [i.resourceType, i.role])).toEqual([
      ['board', 'commenter'],
      ['space', 'admin'],
    ]);
    expect(await invitations.take('new@example.com')).toEqual([]);
    await expect(invitations.invite(board, { email: 'not an address', role: 'viewer', invitedBy: by })).rejects.toMatchObject({ code: 'validation_failed' });
    await db.close();
  });

  it('an expired invitation is no invitation: not found, not counted, not handed over', async () => {
    const db = open();
    const clock = new ManualClock(0);
    const invitations = new InvitationService(db, { mailer: { send: async () => undefined }, clock, publicUrl: 'http://127.0.0.1:1' });
    await invitations.invite({ resourceType: 'board', resourceId: 'brd_2', name: 'Old' }, { email: 'late@example.com', role: 'viewer', invitedBy: { id: 'u', name: 'U' } });
    clock.advance(invitationLifetimeMs);
    expect(await invitations.find('board', 'brd_2', 'late@example.com')).toBeNull();
    expect(await invitations.count('board', 'brd_2')).toBe(0);
    expect(await invitations.take('late@example.com')).toEqual([]);
    await db.close();
  });
});
