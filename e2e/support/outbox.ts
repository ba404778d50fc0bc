// Reads verification codes from the server's development outbox.
//
// In development and test the server does not send e-mail or SMS: it appends
// one JSON object per line, {to, purpose, code, at}, to <DATA_DIR>/outbox.jsonl.

import { existsSync, readFileSync } from 'node:fs';
import { outboxFile } from './env';

interface OutboxEntry {
  to: string;
  purpose: string;
  code: string;
  at: string | number;
}

export interface LatestCodeOptions {
  /** Only codes sent for this purpose (e.g. the one a form just requested). */
  purpose?: string;
  /**
   * Only codes sent at or after this time. Take a timestamp before triggering
   * a new code, so an older code to the same address is not picked up while
   * the new one is still on its way.
   */
  since?: Date | number;
  /** How long to wait for a matching code; 10 s by default. */
  timeoutMs?: number;
}

function readEntries(): OutboxEntry[] {
  if (!existsSync(outboxFile)) return [];
  const entries: OutboxEntry[] = [];
  for (const line of readFileSync(outboxFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as OutboxEntry);
    } catch {
      // The server may be halfway through writing the last line: skip it,
      // the next poll will see it complete.
    }
  }
  return entries;
}

/** Newest verification code sent to `to`, polling the outbox until one appears. */
export async function latestCode(to: string, options: LatestCodeOptions = {}): Promise<string> {
  const { purpose, since, timeoutMs = 10_000 } = options;
  const sinceMs = since === undefined ? undefined : new Date(since).getTime();
  // Addresses are compared case-insensitively: the server may normalise e-mail addresses.
  const wanted = to.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;

  for (;;) {
    const match = readEntries()
      .filter((entry) => String(entry.to).trim().toLowerCase() === wanted)
      .filter((entry) => purpose === undefined || entry.purpose === purpose)
      .filter((entry) => sinceMs === undefined || new Date(entry.at).getTime() >= sinceMs)
      .at(-1); // lines are appended, so the last match is the newest
    if (match) return String(match.code);
    if (Date.now() > deadline) {
      const filters = [purpose && `purpose ${purpose}`, since !== undefined && `since ${new Date(since).toISOString()}`]
        .filter(Boolean)
        .join(', ');
      throw new Error(
        `no verification code for ${to}${filters ? ` (${filters})` : ''} in ${outboxFile} after ${timeoutMs / 1000} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
