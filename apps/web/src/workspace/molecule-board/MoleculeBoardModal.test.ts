import { describe, expect, it } from 'vitest';
import { imageSrc } from './MoleculeBoardModal';

describe('imageSrc', () => {
  it('types bare base64 by its first bytes', () => {
    expect(imageSrc(btoa('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatch(/^data:image\/svg\+xml;base64,PHN2/);
    expect(imageSrc(btoa('<?xml version="1.0"?><svg/>'))).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(imageSrc('iVBORw0KGgoAAAA')).toBe('data:image/png;base64,iVBORw0KGgoAAAA');
    expect(imageSrc('/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
  });
  it('keeps data URIs and gives null for nothing', () => {
    expect(imageSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(imageSrc(null)).toBeNull();
    expect(imageSrc('')).toBeNull();
  });
});
