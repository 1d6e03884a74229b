import { describe, expect, it } from 'vitest';
import { personOf } from './person-of';

describe('who an audit entry names', () => {
  it('names a person by name, else email, else as a removed account', () => {
    expect(personOf({ actor: { id: 'u1', name: 'Ada Admin', email: 'ada@example.org' }, clientIp: '192.0.2.1' })).toBe(
      'Ada Admin',
    );
    expect(personOf({ actor: { id: 'u1', name: '', email: 'ada@example.org' }, clientIp: null })).toBe(
      'ada@example.org',
    );
    expect(personOf({ actor: { id: 'u1', name: '', email: null }, clientIp: null })).toBe('Removed account (u1)');
  });

  it('tells someone not signed in (an address only) from the portal itself (nothing)', () => {
    expect(personOf({ actor: null, clientIp: '192.0.2.7' })).toBe('Someone not signed in');
    expect(personOf({ actor: null, clientIp: null })).toBe('The portal');
  });
});
