import { fireEvent, screen } from '@testing-library/react';

/** A hand-entered pocket, as typed into the six pocket inputs of the docking wizard. */
export const TYPED_POCKET = {
  center_x: '1.5',
  center_y: '-2.25',
  center_z: '30',
  size_x: '20',
  size_y: '18',
  size_z: '22',
} as const;

/** Types TYPED_POCKET into the pocket step's inputs (test ids `pocket-<field>`). */
export function enterPocket(): void {
  for (const [field, value] of Object.entries(TYPED_POCKET)) {
    fireEvent.change(screen.getByTestId(`pocket-${field}`), { target: { value } });
  }
}
