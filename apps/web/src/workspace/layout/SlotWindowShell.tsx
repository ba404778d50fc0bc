import { useTranslation } from 'react-i18next';
import type { WindowProps } from '../registry/feature';
import { EmptyWindow } from './EmptyWindow';

/** A slot window before its real content lands: a translated empty shell. */
export function SlotWindowShell({ id }: WindowProps) {
  const { t } = useTranslation('workspace');
  return (
    <div className="medx-slot-shell" data-slot-window={id}>
      <EmptyWindow text={t('slotPlaceholder')} />
    </div>
  );
}
