import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './env';

/** A zh-CN text of the web app (`locales/zh-CN/<namespace>.json` at `path`), as the page shows it. */
export function zhText(namespace: string, path: string[]): string {
  const file = join(REPO_ROOT, 'apps', 'web', 'src', 'i18n', 'locales', 'zh-CN', `${namespace}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const key of path) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'string') throw new Error(`no zh-CN ${namespace} text at ${path.join('.')}`);
  return node;
}
