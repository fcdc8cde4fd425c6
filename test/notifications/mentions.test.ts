import { describe, expect, test } from 'vitest';
import { mentionedNames, resolveMentions } from '../../server/notifications/mentions.js';
import type { UserRecord } from '../../storage/schema/accounts.js';

function person(id: string, name: string, email: string): UserRecord {
  return { id, name, email, workspaceId: `wsp_${id}`, createdAt: 0 };
}

const ada = person('ada', 'Ada Lovelace', 'ada@example.com');
const grace = person('grace', 'Grace Hopper', 'g.hopper@example.com');
const alan = person('alan', 'Alan Turing', 'turing@example.com');
const alan2 = person('alan2', 'Alan Kay', 'kay@example.com');
const team = [ada, grace, alan, alan2];

describe('mentionedNames', () => {
  test('reads @names, lower-cased, once each, without trailing punctuation', () => {
    expect(mentionedNames('Hi @Ada, and @grace. Also @ADA!')).toEqual(['ada', 'grace']);
    expect(mentionedNames('(@g.hopper) @Ada.Lovelace: @ada-lovelace')).toEqual(['g.hopper', 'ada.lovelace', 'ada-lovelace']);
  });

  test('an email address or a lone @ mentions no one', () => {
    expect(mentionedNames('write to ada@example.com or @ alone, @@ada is odd')).toEqual([]);
  });

  test('reads at most 20 names', () => {
    expect(mentionedNames(Array.from({ length: 30 }, (_, i) => `@p${i}`).join(' '))).toHaveLength(20);
  });
});

describe('resolveMentions', () => {
  test('an email local part, a display name without spaces, or a unique first name', () => {
    expect(resolveMentions('@g.hopper', team)).toEqual([grace]);
    expect(resolveMentions('@AdaLovelace', team)).toEqual([ada]);
    expect(resolveMentions('@ada.lovelace', team)).toEqual([ada]);
    expect(resolveMentions('@grace', team)).toEqual([grace]);
    expect(resolveMentions('@turing and @kay', team)).toEqual([alan, alan2]);
  });

  test('an ambiguous first name and an unknown name are ignored', () => {
    expect(resolveMentions('@alan', team)).toEqual([]);
    expect(resolveMentions('@nobody', team)).toEqual([]);
  });

  test('someone who is not a candidate (cannot read the board) is never resolved', () => {
    expect(resolveMentions('@ada', [grace])).toEqual([]);
  });

  test('one person mentioned twice is resolved once', () => {
    expect(resolveMentions('@ada and @AdaLovelace', team)).toEqual([ada]);
  });
});
