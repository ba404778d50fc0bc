import { describe, expect, it } from 'vitest';
import { adminPanelUrl, ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to the embedded mode on port 8080 under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads the environment', () => {
    const config = loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://u@h/db', ADMIN_EMAILS: 'a@b.c' });
    expect(config.port).toBe(9000);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
  });

  it('names the bad variable in a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('keeps the job queue in this process unless JOB_QUEUE=pgboss, which needs PostgreSQL', () => {
    expect(loadConfig({}).jobQueue).toBe('local');
    expect(() => loadConfig({ JOB_QUEUE: 'pgboss' })).toThrow(/JOB_QUEUE: pgboss .*DATABASE_URL/);
    expect(() => loadConfig({ JOB_QUEUE: 'redis' })).toThrow(/JOB_QUEUE/);
    const shared = loadConfig({ JOB_QUEUE: 'pgboss', DATABASE_URL: 'postgres://u@h/db', JOB_STALE_SECONDS: '20' });
    expect([shared.jobQueue, shared.jobStaleSeconds]).toEqual(['pgboss', 20]);
    expect(() => loadConfig({ JOB_STALE_SECONDS: '1' })).toThrow(/JOB_STALE_SECONDS/);
  });

  it('sends the Admin Panel to ADMIN_PANEL_URL, else to the admin area of the public origin', () => {
    expect(adminPanelUrl(loadConfig({}), 'http://10.0.0.5:8080')).toBe('http://10.0.0.5:8080/admin');
    expect(adminPanelUrl(loadConfig({ PUBLIC_URL: 'https://medx.example.org/' }), 'http://x')).toBe(
      'https://medx.example.org/admin',
    );
    const configured = loadConfig({ ADMIN_PANEL_URL: 'https://admin.example.org/panel', PUBLIC_URL: 'https://a.b' });
    expect(adminPanelUrl(configured, 'http://x')).toBe('https://admin.example.org/panel');
    expect(() => loadConfig({ ADMIN_PANEL_URL: '/admin' })).toThrow(/ADMIN_PANEL_URL/);
  });
});
