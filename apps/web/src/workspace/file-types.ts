import { EDITABLE_TYPES, type FileType } from '@medx/contract';

/** What a file needs to be classified: its type and extension, as the API gives them. */
export interface TypedFile {
  name: string;
  ext: string;
  file_type: string;
}

/** Image types (spec §9 image extension mapping). */
export const IMAGE_TYPES = ['JPG', 'JPEG', 'PNG', 'GIF', 'BMP', 'WEBP', 'SVG', 'ICO', 'TIFF', 'TIF'] as const;

const IMAGE_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  tiff: 'image/tiff',
  tif: 'image/tiff',
};

/** The lower-case extension without a dot: `ext`, or else the one in the name. */
export function extOf(file: Pick<TypedFile, 'name' | 'ext'>): string {
  const ext = file.ext?.trim().replace(/^\./, '').toLowerCase();
  if (ext) return ext;
  const dot = file.name.lastIndexOf('.');
  return dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
}

/** The upper-case type: file_type, or else the extension. */
export function typeOf(file: TypedFile): string {
  return (file.file_type?.trim() || extOf(file)).toUpperCase();
}

/** Spec §9: image MIME type by extension, PNG by default. */
export function imageMimeType(ext: string): string {
  return IMAGE_MIME[ext.toLowerCase().replace(/^\./, '')] ?? 'image/png';
}

export function isEditable(file: TypedFile): boolean {
  return (EDITABLE_TYPES as readonly string[]).includes(typeOf(file));
}

export function isImage(file: TypedFile): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(typeOf(file));
}

export function isHtml(file: TypedFile): boolean {
  const type = typeOf(file);
  return type === 'HTML' || type === 'HTM';
}

export function isCsv(file: TypedFile): boolean {
  return typeOf(file) === 'CSV';
}

export type ViewerKind = 'csv' | 'image' | 'html' | 'text';

/** Which dialog opens a file on double-click: CSV, image, HTML, else the text editor for editable types. */
export function viewerFor(file: TypedFile): ViewerKind | null {
  if (isCsv(file)) return 'csv';
  if (isImage(file)) return 'image';
  if (isHtml(file)) return 'html';
  if (isEditable(file)) return 'text';
  return null;
}

/** The name to save a download under: the entry name, with its extension when the name lacks one. */
export function downloadName(file: Pick<TypedFile, 'name' | 'ext'>): string {
  const ext = extOf(file);
  if (!ext || file.name.toLowerCase().endsWith(`.${ext}`)) return file.name;
  return `${file.name}.${ext}`;
}

export type { FileType };
