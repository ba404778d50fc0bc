import type { Ketcher } from 'ketcher-core';
import { Editor } from 'ketcher-react';
import 'ketcher-react/dist/index.css';
import { StandaloneStructServiceProvider } from 'ketcher-standalone/dist/binaryWasm';
import { useState } from 'react';
import { ketcherButtons } from './ketcher-buttons';
import { dearomatizeOnLoad } from './ketcher-load';

const BUTTONS = ketcherButtons();

/**
 * Ketcher's molecule editor with Indigo in the browser (ketcher-standalone's binaryWasm entry:
 * Indigo's WebAssembly is a file of its own, fetched by a module worker, not inlined in the
 * chunk). Only this module imports Ketcher, and only the lazily loaded 2D WorkSpace imports it.
 */
export function KetcherCanvas({
  onReady,
  onError,
}: {
  onReady: (ketcher: Ketcher) => void;
  onError: (text: string) => void;
}) {
  // One struct service per editor (its worker lives with it).
  const [provider] = useState(() => new StandaloneStructServiceProvider());
  return (
    <Editor
      staticResourcesUrl=""
      structServiceProvider={provider}
      buttons={BUTTONS}
      errorHandler={onError}
      // Small molecules only: no switch to the macromolecules (sequence) editor.
      disableMacromoleculesEditor
      onInit={(ketcher) => {
        dearomatizeOnLoad(ketcher);
        onReady(ketcher);
      }}
    />
  );
}
