import { LIMITS, RenameFileRequest } from '@medx/contract';
import { App, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface InlineRenameProps {
  value: string;
  /** Saves the trimmed new name; resolves true when it was stored. */
  onSave: (name: string) => Promise<boolean>;
  onDone: () => void;
  testId?: string;
}

/**
 * Inline file or group rename (spec §5): at most 70 characters with a counter, an empty or
 * blank name refused with 'Filename cannot be none!', an unchanged name just closes.
 * Enter or leaving the field saves, Escape cancels.
 */
export function InlineRename({ value, onSave, onDone, testId = 'rename-input' }: InlineRenameProps) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const settled = useRef(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    input.current?.focus({ cursor: 'all' });
  }, []);

  const commit = async () => {
    if (settled.current || saving) return;
    const name = draft.trim();
    if (name === value.trim()) {
      settled.current = true;
      onDone();
      return;
    }
    const check = RenameFileRequest.shape.name.safeParse(draft);
    if (!check.success) {
      const key = check.error.issues[0]?.message ?? 'fileNameRequired';
      message.error(t(`msg:${key}`));
      input.current?.focus();
      return;
    }
    setSaving(true);
    const stored = await onSave(name);
    setSaving(false);
    if (stored) {
      settled.current = true;
      onDone();
    } else {
      input.current?.focus();
    }
  };

  return (
    <Input
      ref={input}
      size="small"
      value={draft}
      maxLength={LIMITS.fileNameMax}
      showCount
      disabled={saving}
      aria-label={t('rename.label')}
      data-testid={testId}
      onChange={(event) => setDraft(event.target.value)}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') void commit();
        if (event.key === 'Escape') {
          settled.current = true;
          onDone();
        }
      }}
      onBlur={() => void commit()}
    />
  );
}
