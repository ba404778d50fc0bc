/**
 * The import rules of the code base (`npm run depcheck`, part of `npm run lint`). Each rule is
 * explained in docs/ARCHITECTURE.md ("Import rules"). Paths are relative to the repository root.
 *
 * Type-only imports (`import type`, which verbatimModuleSyntax makes explicit) count for every
 * rule except the module-level cycle rule: they are erased from the JavaScript, so they cannot
 * make modules wait for each other at run time; a type cycle between two folders is still a
 * design cycle and the folder rule reports it.
 */

const WEB = '^apps/web/src/';
/** Test code: unit tests beside the code, test helpers, the server's suites, the e2e suite. */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '^apps/web/src/test/',
  '^apps/server/test/',
  '^apps/server/src/chem/test-fixtures\\.ts$',
  '^e2e/',
];
/** Web areas from the bottom up; an area imports only areas below it (see layers below). */
const web = (area) => `${WEB}${area}/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules must not import each other in a circle (type-only imports excepted, see the header).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-folders',
      comment:
        'Folders must not depend on each other in a circle (folder A depends on folder B when a module under A imports one directly in B).',
      severity: 'error',
      scope: 'folder',
      from: { path: ['^apps/web/', '^apps/server/', '^packages/', '^e2e/', '^tools/'] },
      to: { circular: true },
    },
    {
      name: 'contract-is-self-contained',
      comment: 'packages/contract is shared by server and web: it imports nothing from apps/*.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server serves the built web app as files; it never imports its code.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'chem-is-pure',
      comment: 'apps/server/src/chem wraps tools and parses formats: no HTTP, database, feature modules or jobs.',
      severity: 'error',
      from: { path: '^apps/server/src/chem/' },
      to: { path: '^apps/server/src/(http|db|modules|jobs)/' },
    },
    {
      name: 'job-engine-knows-no-feature',
      comment:
        'apps/server/src/jobs (queue, runner, job context) runs any job type it is given: it imports no feature module, no feature registration, no app wiring.',
      severity: 'error',
      from: { path: '^apps/server/src/jobs/' },
      to: { path: ['^apps/server/src/modules/', '^apps/server/src/(features|platform|services|app)\\.ts$'] },
    },
    {
      name: 'server-features-stay-apart',
      comment:
        'Server features (preparation, pockets, docking, workflows, viewer, density, volume-streaming, depiction, transmol, news, admin, billing) build on the platform (users, projects, files, jobs) and never import each other; they may use the tools module (Galaxy tools and step tools).',
      severity: 'error',
      from: {
        path: '^apps/server/src/modules/(preparation|pockets|docking|workflows|viewer|density|volume-streaming|depiction|transmol|news|admin|billing)/',
      },
      to: {
        path: '^apps/server/src/modules/(preparation|pockets|docking|workflows|viewer|density|volume-streaming|depiction|transmol|news|admin|billing)/',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-platform-knows-no-feature',
      comment: 'The platform modules (users, projects, files, jobs) know no feature built on them.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/(users|projects|files|jobs)/' },
      to: {
        path: '^apps/server/src/modules/(preparation|pockets|docking|workflows|viewer|density|volume-streaming|depiction|transmol|news|admin|billing|tools)/',
      },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Production code never imports test code (tests, test helpers, fixtures, e2e).',
      severity: 'error',
      from: { path: ['^apps/', '^packages/'], pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },

    // The web's layers, bottom up: lib + i18n < api < ui-light < viewer < workspace < features < pages < app.
    {
      name: 'web-foundation',
      comment:
        'lib/ and i18n/ are the foundation: they know no API, light controls, viewer, workspace, feature, page or app.',
      severity: 'error',
      from: { path: [web('lib'), web('i18n')] },
      to: {
        path: [web('api'), web('ui-light'), web('viewer'), web('workspace'), web('features'), web('pages'), web('app')],
      },
    },
    {
      name: 'web-api',
      comment: 'api/ (client, endpoints, the session it carries) knows no viewer, workspace, feature, page or app.',
      severity: 'error',
      from: { path: web('api') },
      to: { path: [web('ui-light'), web('viewer'), web('workspace'), web('features'), web('pages'), web('app')] },
    },
    {
      name: 'web-ui-light',
      comment:
        'ui-light/ (the controls of the pages built without antd: /login) knows no viewer, workspace, feature, page or app.',
      severity: 'error',
      from: { path: web('ui-light') },
      to: { path: [web('viewer'), web('workspace'), web('features'), web('pages'), web('app')] },
    },
    {
      name: 'web-viewer',
      comment: 'viewer/ (Mol*) knows no workspace, feature, page or app; server code is covered by web-not-server.',
      severity: 'error',
      from: { path: web('viewer') },
      to: { path: [web('workspace'), web('features'), web('pages'), web('app')] },
    },
    {
      name: 'web-workspace-engine',
      comment: 'workspace/ is the engine the features register with: it reads the registry, never a feature.',
      severity: 'error',
      from: { path: web('workspace') },
      to: { path: [web('features'), web('pages'), web('app')] },
    },
    {
      name: 'web-features',
      comment: 'Features sit under the pages and the app shell.',
      severity: 'error',
      from: { path: web('features') },
      to: { path: [web('pages'), web('app')] },
    },
    {
      name: 'web-feature-internals',
      comment: "A feature uses another feature only through that feature's public index.ts.",
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/[^/]+/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'web-pages',
      comment: 'Pages are composed by the app; they do not import it.',
      severity: 'error',
      from: { path: web('pages') },
      to: { path: web('app') },
    },
    {
      name: 'web-test-helpers',
      comment:
        'The shared test helpers (src/test) sit beside the foundation: no viewer, workspace, feature, page or app.',
      severity: 'error',
      from: { path: web('test') },
      to: { path: [web('viewer'), web('workspace'), web('features'), web('pages'), web('app')] },
    },
  ],
  options: {
    // TypeScript is parsed before compilation, so type-only imports are seen (see the header).
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', 'test-results', 'playwright-report', '(^|/)\\.tmp/'] },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
