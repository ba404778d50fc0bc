import { describe, expect, it } from 'vitest';
import { canSeeAdminPanel, canSeeApps } from './use-permissions';

describe('sidebar permission rules (spec §6)', () => {
  it('shows Apps for a tools entry that allows something', () => {
    expect(canSeeApps({ tools: 'MENUS', workflows: false })).toBe(true);
    expect(canSeeApps({ tools: true, workflows: false })).toBe(true);
    expect(canSeeApps({ tools: ['denied-tool'], workflows: [] })).toBe(true);
  });

  it('hides Apps without permission data or when tools is false', () => {
    expect(canSeeApps(undefined)).toBe(false);
    expect(canSeeApps({ tools: false, workflows: false })).toBe(false);
  });

  it('shows Admin Panel only when ADMIN_PANEL is true', () => {
    expect(canSeeAdminPanel({ tools: true, workflows: true, ADMIN_PANEL: true })).toBe(true);
    expect(canSeeAdminPanel({ tools: true, workflows: true, ADMIN_PANEL: false })).toBe(false);
    expect(canSeeAdminPanel({ tools: true, workflows: true })).toBe(false);
    expect(canSeeAdminPanel(undefined)).toBe(false);
  });
});
