import { indentWithTab } from '@codemirror/commands';
import { openSearchPanel, search } from '@codemirror/search';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface CodeEditorHandle {
  openSearch: () => void;
  focus: () => void;
}

interface CodeEditorProps {
  initialValue: string;
  readOnly: boolean;
  /** Editor height in px (spec §9: 500). */
  height: number;
  onChange: (value: string) => void;
  onReady?: (handle: CodeEditorHandle) => void;
  ariaLabel: string;
}

/**
 * CodeMirror 6 for the text editor dialog (spec §9): tab size 2, a search panel that ignores
 * case and wraps around (CodeMirror's find next/previous wrap at the ends), read-only on demand.
 * Loaded lazily: this module and CodeMirror form their own chunk.
 */
export function CodeEditor({ initialValue, readOnly, height, onChange, onReady, ariaLabel }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const latestChange = useRef(onChange);
  latestChange.current = onChange;

  // The document is created once per mount; the dialog remounts the editor for another file.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialValue and readOnly only seed the editor.
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          basicSetup,
          keymap.of([indentWithTab]),
          search({ caseSensitive: false, top: true }),
          EditorState.tabSize.of(2),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': ariaLabel }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latestChange.current(update.state.doc.toString());
          }),
          EditorView.theme({
            '&': { height: `${height}px`, fontSize: '13px', border: '1px solid var(--ant-color-border, #d9d9d9)' },
            '.cm-scroller': {
              overflow: 'auto',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            },
          }),
        ],
      }),
    });
    onReady?.({ openSearch: () => openSearchPanel(view), focus: () => view.focus() });
    return () => view.destroy();
  }, []);

  return <div ref={host} data-testid="code-editor" />;
}
