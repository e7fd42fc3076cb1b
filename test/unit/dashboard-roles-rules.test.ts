// The role table on its own: owners, API keys and external sessions (no role) may take every
// action; a member only the triage actions, never an administering one.
import { MEMBER_ACTIONS, roleMay } from '../../src/domain/users/index.ts';

describe('dashboard roles', () => {
  it('lets a member triage and nothing else', () => {
    for (const action of MEMBER_ACTIONS) expect(roleMay('member', action)).toBe(true);
    expect(roleMay('member', 'administer')).toBe(false);
  });

  it('lets an owner, an API key and an external session take every action', () => {
    for (const role of ['owner', null, undefined] as const) {
      for (const action of [...MEMBER_ACTIONS, 'administer' as const]) expect(roleMay(role, action)).toBe(true);
    }
  });
});
