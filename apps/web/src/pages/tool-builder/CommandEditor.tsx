import { indentWithTab } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

/**
 * What the chips need of an editor: text inserted at its cursor (replacing the selection), or
 * at the end (after a space) for an editor the user has not been in.
 */
export interface CommandEditorHandle {
  insert: (text: string, atEnd?: boolean) => void;
}

interface CommandEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The editor got the focus (chips insert into the last focused block). */
  onFocus: () => void;
  onReady: (handle: CommandEditorHandle | null) => void;
  ariaLabel: string;
  testId: string;
  readOnly?: boolean;
  minHeight?: number;
  maxHeight?: number;
}

/**
 * A CodeMirror 6 editor for one command block (or, read-only, the generated XML). The
 * document follows `value` when it changes from outside (a version loaded, an import).
 */
export function CommandEditor({
  value,
  onChange,
  onFocus,
  onReady,
  ariaLabel,
  testId,
  readOnly = false,
  minHeight = 96,
  maxHeight = 420,
}: CommandEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onFocus });
  latest.current = { onChange, onFocus };

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; value is synced below, the rest seeds it.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          keymap.of([indentWithTab]),
          EditorState.tabSize.of(2),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': ariaLabel }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
            if (update.focusChanged && update.view.hasFocus) latest.current.onFocus();
          }),
          EditorView.domEventHandlers({
            focus: () => {
              latest.current.onFocus();
            },
          }),
          EditorView.theme({
            '&': { fontSize: '13px', border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: '6px' },
            '.cm-scroller': {
              minHeight: `${minHeight}px`,
              maxHeight: `${maxHeight}px`,
              overflow: 'auto',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            },
          }),
        ],
      }),
    });
    view.current = editor;
    onReady({
      insert: (text, atEnd = false) => {
        if (atEnd) {
          const doc = editor.state.doc.toString();
          const insert = doc && !/\s$/.test(doc) ? ` ${text}` : text;
          editor.dispatch({
            changes: { from: doc.length, insert },
            selection: { anchor: doc.length + insert.length },
          });
        } else editor.dispatch(editor.state.replaceSelection(text));
        editor.focus();
      },
    });
    return () => {
      onReady(null);
      view.current = null;
      editor.destroy();
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return <div ref={host} data-testid={testId} className="medx-builder-editor" />;
}
