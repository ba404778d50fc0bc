import { UploadOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useRef } from 'react';

interface FilePickButtonProps {
  /** `.py,.sh` style, for the browser's file dialog. */
  accept: string;
  onFile: (file: File) => void;
  children: ReactNode;
  /** The button's test id; the hidden input's is `<testId>-input`. */
  testId: string;
  disabled?: boolean;
  loading?: boolean;
  size?: ButtonProps['size'];
  icon?: ReactNode;
}

/** A button opening the file dialog (a real button, so keyboards reach it); one file at a time. */
export function FilePickButton({
  accept,
  onFile,
  children,
  testId,
  disabled,
  loading,
  size,
  icon,
}: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon={icon ?? <UploadOutlined />}
        size={size}
        disabled={disabled}
        loading={loading}
        onClick={() => input.current?.click()}
        data-testid={testId}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        style={{ display: 'none' }}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
        data-testid={`${testId}-input`}
      />
    </>
  );
}

/** The accept attribute for extensions (`py` → `.py`). */
export const acceptOf = (extensions: readonly string[]) => extensions.map((ext) => `.${ext}`).join(',');
