export * from './enums';
export * from './envelope';
export * from './fields';
export * from './files';
export * from './limits';
export * from './messages';
export * from './projects';
export * from './users';
