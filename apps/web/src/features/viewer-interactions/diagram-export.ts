import { saveBlob, saveText } from '../../lib/save-file';

/** The diagram's SVG as a standalone file (namespace and XML header included). */
export function svgFileText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.removeAttribute('style');
  copy.removeAttribute('class');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

/** A file name from the ligand's label: letters, digits, dashes and underscores only. */
export function diagramFileName(ligand: string, ext: 'svg' | 'png'): string {
  const base = ligand.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'ligand';
  return `${base}_interactions.${ext}`;
}

export function exportSvg(svg: SVGSVGElement, ligand: string): void {
  saveText(svgFileText(svg), diagramFileName(ligand, 'svg'), 'image/svg+xml;charset=utf-8');
}

/** The SVG drawn on a white canvas at twice its size, as PNG. */
export async function exportPng(svg: SVGSVGElement, ligand: string, width: number, height: number): Promise<void> {
  const url = URL.createObjectURL(new Blob([svgFileText(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the SVG could not be drawn'));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the canvas gave no PNG');
    saveBlob(blob, diagramFileName(ligand, 'png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
