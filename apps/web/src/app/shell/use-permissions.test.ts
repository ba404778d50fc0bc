import { describe, expect, it } from 'vitest';
import { canSeeAdminPanel, canSeeApps } from './use-permissions';

describe('sidebar permission rules (spec §6)', () => {
  it('shows Apps for a tools entry that allows something', () => {
    expect(canSeeApps({ tools: 'MENUS', workflows: false })).toBe(true);
    expect(canSeeApps({ tools: true, workflows: false })).toBe(true);
    expect(canSeeApps({ tools: ['denied-tool'], workflows: [] })).toBe(true);
  });

  it('shows Apps for tools false too (the page asks guests to register), hides it without permission data', () => {
    expect(canSeeApps({ tools: false, workflows: false })).toBe(true);
    expect(canSeeApps(undefined)).toBe(false);
  });

  it('shows Admin Panel only when ADMIN_PANEL is true', () => {
    expect(canSeeAdminPanel({ tools: true, workflows: true, ADMIN_PANEL: true })).toBe(true);
    expect(canSeeAdminPanel({ tools: true, workflows: true, ADMIN_PANEL: false })).toBe(false);
    expect(canSeeAdminPanel({ tools: true, workflows: true })).toBe(false);
    expect(canSeeAdminPanel(undefined)).toBe(false);
  });
});
