// ketcher-standalone's binaryWasm entry (Indigo's .wasm as a file, not inlined) ships no types: the same API as the main entry.
declare module 'ketcher-standalone/dist/binaryWasm' {
  export * from 'ketcher-standalone';
}
