import { useTranslation } from 'react-i18next';
import { EmptyWindow } from './EmptyWindow';
import type { SlotWindowId } from './windows';

/** The right-top-right windows before their real content lands: a translated empty shell. */
export function SlotWindowShell({ id }: { id: SlotWindowId }) {
  const { t } = useTranslation('workspace');
  return (
    <div className="medx-slot-shell" data-slot-window={id}>
      <EmptyWindow text={t('slotPlaceholder')} />
    </div>
  );
}
