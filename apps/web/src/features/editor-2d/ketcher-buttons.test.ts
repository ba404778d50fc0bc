import { describe, expect, it } from 'vitest';
import { HIDDEN_KETCHER_BUTTONS, KEPT_KETCHER_BUTTONS, ketcherButtons } from './ketcher-buttons';

describe("Ketcher's toolbar", () => {
  it('hides files, clipboard, reactions and the rest, and never a drawing tool', () => {
    const buttons = ketcherButtons();
    for (const id of [
      'open',
      'save',
      'paste',
      'reaction-plus',
      'rgroup',
      'sgroup',
      'text',
      'settings',
      'help',
      'miew',
    ]) {
      expect(buttons[id], id).toEqual({ hidden: true });
    }
    for (const id of KEPT_KETCHER_BUTTONS) expect(buttons[id], id).toBeUndefined();
    expect(new Set(HIDDEN_KETCHER_BUTTONS).size).toBe(HIDDEN_KETCHER_BUTTONS.length);
  });
});
