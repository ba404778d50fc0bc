/**
 * A long entry title split for a middle ellipsis: the head shrinks (and ends in "…" when cut),
 * the tail (the end of the name with its extension) always shows, so `x_receptor.pdb` and
 * `x_ligand.sdf` stay apart in a narrow Entry List. Short titles are all head.
 */
export const TITLE_TAIL = 10;
/** Titles up to this length are never split. */
export const TITLE_SPLIT_FROM = 20;

export function titleParts(title: string): { head: string; tail: string } {
  // By code points: a Chinese or emoji character is never cut in half.
  const chars = [...title];
  if (chars.length <= TITLE_SPLIT_FROM) return { head: title, tail: '' };
  return { head: chars.slice(0, -TITLE_TAIL).join(''), tail: chars.slice(-TITLE_TAIL).join('') };
}
