// What a failed end-to-end test prints besides Playwright's own report, so that a
// failure seen only in CI (where only the log's text survives) can be understood:
// the page's console errors and uncaught exceptions, and the state of every job of
// the session's projects (status, error, the tail of the log).

import type { APIRequestContext, ConsoleMessage, Page } from '@playwright/test';
import type { Session } from './api';

const LOG_TAIL = 800;

interface Envelope<T> {
  success: boolean;
  msg: string;
  data: T;
}

/** Collects console errors and page errors from the moment it is attached. */
export function watchPage(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') seen.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  return () => seen;
}

async function data<T>(request: APIRequestContext, token: string, path: string): Promise<T | null> {
  const answer = await request.get(path, { headers: { token, 'Accept-Language': 'en' } }).catch(() => null);
  if (!answer?.ok()) return null;
  const body = (await answer.json().catch(() => null)) as Envelope<T> | null;
  return body?.success ? body.data : null;
}

interface JobLine {
  id: number;
  job_type: string;
  job_name: string;
  status: string;
  error?: string | null;
  created_at: string;
  finished_at?: string | null;
}

/** Every job of the session's projects, with the log tail of those that did not finish. */
export async function jobsReport(request: APIRequestContext, session: Session): Promise<string[]> {
  const projects = await data<{ items: { id: number; project_name: string }[] }>(
    request,
    session.token,
    '/v1/projects?page=1&limit=50',
  );
  const lines: string[] = [];
  for (const project of projects?.items ?? []) {
    const jobs = await data<{ items: JobLine[] }>(
      request,
      session.token,
      `/v1/jobs?page=1&limit=50&project_id=${project.id}`,
    );
    for (const job of jobs?.items ?? []) {
      lines.push(
        `project ${project.id} job ${job.id} ${job.job_type} "${job.job_name}": ${job.status}` +
          ` (created ${job.created_at}, finished ${job.finished_at ?? '-'})${job.error ? ` error: ${job.error}` : ''}`,
      );
      if (job.status === 'FINISHED') continue;
      const log = await data<{ comment: string }>(request, session.token, `/v1/jobs/${job.id}/comment`);
      if (log?.comment) lines.push(`  log tail: ${log.comment.slice(-LOG_TAIL).replace(/\n/g, '\n  | ')}`);
    }
  }
  return lines;
}
