import type { User } from '@medx/contract';

/** A registered user signed up by email, with no optional profile fields but identity. */
export const testUser: User = {
  id: 7,
  username: 'ada',
  user_type: 'REGISTERED',
  email: 'ada@example.org',
  phone: null,
  region: null,
  identity: 'Student',
  organization: null,
  research_field: null,
  source: null,
  created_at: '2025-01-02T03:04:05Z',
};
