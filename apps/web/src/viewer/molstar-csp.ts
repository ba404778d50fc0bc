import { Binding } from 'molstar/lib/mol-util/binding';
import { stringToWords } from 'molstar/lib/mol-util/string';

/**
 * Mol*'s `Binding.format` fills a binding's description ("Drag using ${triggers}") by running it
 * as a template literal through `new Function`, which the app's Content-Security-Policy refuses
 * (no 'unsafe-eval', docs/decisions.md "Security headers"): opening a group of Mol*'s Help
 * ("Moving in 3D", "Mouse & Key Controls") threw and took the whole page down. This gives the
 * same text by replacing the one placeholder Mol*'s descriptions use.
 */
export function formatBinding(binding: Binding, name = ''): string {
  const help = binding.description || stringToWords(name);
  const triggers = `<i>${Binding.formatTriggers(binding)}</i>`;
  return help.replace(/\$\{triggers\}/g, () => triggers);
}

// Mol*'s help components call `Binding.format` on the namespace object at render time.
Object.assign(Binding, { format: formatBinding });
