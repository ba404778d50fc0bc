import { describe, expect, it } from 'vitest';
import { breadcrumbKey } from './breadcrumb';

describe('breadcrumbKey (spec §2 header)', () => {
  it('names the known pages and labels anything else Share', () => {
    expect(breadcrumbKey('/')).toBe('breadcrumb.workspace');
    expect(breadcrumbKey('/project')).toBe('breadcrumb.projectList');
    expect(breadcrumbKey('/shop')).toBe('breadcrumb.apps');
    expect(breadcrumbKey('/userCenter')).toBe('breadcrumb.user');
    expect(breadcrumbKey('/purchase')).toBe('breadcrumb.purchase');
    expect(breadcrumbKey('/tool-builder')).toBe('toolBuilder:breadcrumb');
    expect(breadcrumbKey('/share/abc')).toBe('breadcrumb.share');
    expect(breadcrumbKey('/admin')).toBe('breadcrumb.admin');
    expect(breadcrumbKey('/admin/messages')).toBe('breadcrumb.admin');
    expect(breadcrumbKey('/administrator')).toBe('breadcrumb.share');
  });
});
