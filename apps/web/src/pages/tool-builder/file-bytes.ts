import type { BuilderScript } from '@medx/contract';

/** Bytes as base64 (in slices: String.fromCharCode takes a limited number of arguments). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A file's bytes (FileReader where Blob.arrayBuffer is missing). */
export async function fileBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** UTF-8 text, or null when the bytes are not (a NUL byte also counts as binary). */
export function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A script as the draft keeps it: text as utf8, binaries (exe, or not UTF-8) as base64. */
export function scriptFromBytes(name: string, bytes: Uint8Array): BuilderScript {
  const text = name.toLowerCase().endsWith('.exe') ? null : utf8Text(bytes);
  return text === null
    ? { name, encoding: 'base64', content: bytesToBase64(bytes) }
    : { name, encoding: 'utf8', content: text };
}

/** The bytes a script holds. */
export function scriptBytes(script: BuilderScript): Uint8Array {
  return script.encoding === 'base64' ? base64ToBytes(script.content) : new TextEncoder().encode(script.content);
}

export const extensionOf = (name: string) =>
  name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';

/** A byte limit in MB for 'The file is larger than {max} MB.' (two decimals at most). */
export const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(2));
