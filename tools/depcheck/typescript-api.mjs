/**
 * Preload for `npm run depcheck` (node --import): dependency-cruiser looks up the module
 * `typescript` from its own folder and would find the root's TypeScript 7, which has no
 * JavaScript API, so it would skip every .ts/.tsx file and report nothing. Requests for
 * `typescript` made from dependency-cruiser's files are answered from tools/depcheck instead,
 * where TypeScript 5.9 is installed. Nothing else is redirected.
 */
import Module, { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const HERE = new URL('./', import.meta.url);
const FROM_CRUISER = /[\\/]node_modules[\\/]dependency-cruiser[\\/]/;
const isTypescript = (specifier) => specifier === 'typescript' || specifier.startsWith('typescript/');

/** ESM hook (runs on Node's loader thread): `import('typescript')` inside dependency-cruiser. */
export async function resolve(specifier, context, nextResolve) {
  if (isTypescript(specifier) && FROM_CRUISER.test(context.parentURL ?? '')) {
    return nextResolve(specifier, { ...context, parentURL: new URL('package.json', HERE).href });
  }
  return nextResolve(specifier, context);
}

if (isMainThread) {
  register(import.meta.url);
  // CommonJS side: dependency-cruiser reads `typescript/package.json` with require() for the version check.
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, isMain, options) {
    if (isTypescript(request) && FROM_CRUISER.test(parent?.filename ?? '')) {
      return resolveFilename.call(this, request, parent, isMain, { paths: [new URL('.', HERE).pathname] });
    }
    return resolveFilename.call(this, request, parent, isMain, options);
  };
}
