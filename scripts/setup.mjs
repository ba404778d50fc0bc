#!/usr/bin/env node
// MedX Workbench install step.
//
// `npm start` and `npm test` run this before anything else, so it must be
// idempotent and fast (well under 2 s) when everything is already in place.
// It does two things:
//   1. makes sure the Debian packages the workbench shells out to are installed;
//   2. makes sure node_modules matches package-lock.json (and the workspaces).
//
// Environment:
//   MEDX_SKIP_SYSTEM_PACKAGES=1  skip step 1 entirely (for machines where the
//                                packages are provided some other way, e.g. a
//                                prebuilt Docker image, or a non-Debian system).
//
// Only Node builtins are used: this script runs before node_modules exists.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Debian packages the workbench needs at run or test time.
export const SYSTEM_PACKAGES = [
  // Headless browser for the Playwright e2e tests; Playwright cannot download
  // its own browsers here, so the config points at /usr/bin/chromium.
  'chromium',
  // CJK font so Chinese UI text renders as glyphs (not boxes) in screenshots.
  'fonts-wqy-microhei',
  // Server binaries (initdb, pg_ctl) for throwaway test clusters started by
  // scripts/with-postgres.mjs.
  'postgresql',
  // `obabel` / `obrms`: receptor and ligand preparation, format conversion, RMSD.
  'openbabel',
  // `vina` / `vina_split`: the docking engine.
  'autodock-vina',
  // RDKit for /usr/bin/python3: bond-order restoration, conformers, RMSD.
  'python3-rdkit',
  // pdbfixer (with OpenMM) for /usr/bin/python3: quick_prepare_protein adds missing heavy atoms.
  'python3-pdbfixer',
  // pytest for /usr/bin/python3: the tests of our Python programs (`npm run test:python`;
  // PyPI is not an option, the programs run on Debian's RDKit).
  'python3-pytest',
  // flake8 (pyflakes + pycodestyle) for /usr/bin/python3: lints the same Python in `npm run test:python`.
  'python3-flake8',
  // `gemmi convert`: mmCIF to PDB for Quick Prepare and pockets, keeping the entry's author
  // numbering, HETATM records and models (Open Babel renumbered, merged models and was slow).
  'gemmi',
  // --- Galaxy tool runtime and the built-in catalogue (apps/server/galaxy-tools) ---
  // `bwrap`: user-made tools (the parameter builder's) run confined: no network, a read-only
  // system, only their job folder writable (modules/tools/sandbox.ts).
  'bubblewrap',
  // `xmllint`: the builder's tool XML is checked against Galaxy's tool XSD (apps/server/galaxy-xsd).
  'libxml2-utils',
  // Cheetah for /usr/bin/python3: medx_galaxy fills Galaxy tool commands and configfiles with it.
  'python3-cheetah',
  // docutils for /usr/bin/python3: a tool's RST <help> as the tutorial's HTML (medx_galaxy.help_html), as Galaxy renders it.
  'python3-docutils',
  // RDKit's Contrib folder (SA_Score, NP_Score) for the Synthetic accessibility tool.
  'rdkit-data',
  // `gmx`: the GROMACS topology, solvation, minimisation, dynamics and trajectory analysis tools.
  'gromacs',
  // `needle` / `water`: the EMBOSS global and local pairwise alignment tools.
  'emboss',
  // `mafft`: the MAFFT multiple sequence alignment tool.
  'mafft',
  // `clustalo`: the Clustal Omega multiple sequence alignment tool.
  'clustalo',
  // `hmmbuild` / `hmmsearch`: the HMMER profile build and search tools.
  'hmmer',
  // `TMalign`: the TM-align structure superposition tool.
  'tm-align',
  // MDAnalysis for /usr/bin/python3: the MDAnalysis RMSD and RMSF trajectory tools.
  'python3-mdanalysis',
  // `pdb2pqr30` and its Python package: the PDB2PQR protonation and charges tool.
  'pdb2pqr',
  // PROPKA for /usr/bin/python3: the pKa predictions PDB2PQR sets protonation states with.
  'python3-propka',
  // GNU awk: public Galaxy wrappers (text_processing's awk, replace in column) use gawk's
  // --sandbox and gensub, which Debian's default awk (mawk) lacks.
  'gawk',
  // Open Babel's Python module (pybel), which most of the public chemicaltoolbox
  // openbabel wrappers import (an admin may install them with `medx tool-install`).
  'python3-openbabel',
  // Slurm (slurmctld, slurmd, sbatch, squeue, scancel) and munge, its authentication: the
  // screening tests start a single-node cluster of their own (SCREEN_CHUNKS=slurm), as
  // scripts/with-postgres.mjs starts PostgreSQL.
  'slurm-wlm',
  'munge',
];

// The repository root is the parent of this script's directory, whatever the
// caller's working directory is.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP_FILE = join(ROOT, 'node_modules', '.medx-setup-stamp');

/** Thrown for expected failures: main() prints the message without a stack trace. */
class SetupError extends Error {}

function log(message) {
  console.log(`setup: ${message}`);
}

function seconds(startMs) {
  return `${((performance.now() - startMs) / 1000).toFixed(2)} s`;
}

/** True when an executable named `name` is on PATH (like `command -v`). */
function onPath(name) {
  return (process.env.PATH ?? '')
    .split(':')
    .filter(Boolean)
    .some((dir) => {
      try {
        return statSync(join(dir, name)).isFile();
      } catch {
        return false;
      }
    });
}

/**
 * Runs a command with output streamed to our stdout/stderr (apt and npm are
 * slow; the user should see progress) and throws if it does not exit 0.
 * Arguments are passed as an array, never through a shell.
 */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) {
    throw new SetupError(`could not run ${command}: ${result.error.message}`);
  }
  if (result.status !== 0) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.status}`;
    throw new SetupError(`\`${[command, ...args].join(' ')}\` ${how}`);
  }
}

// ---------------------------------------------------------------------------
// 1. Debian packages
// ---------------------------------------------------------------------------

/** True when dpkg reports the package as installed (not merely known or removed). */
function isInstalled(pkg) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: ${Status} is dpkg-query's format syntax, not JS.
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  // dpkg-query exits 1 for unknown packages. A removed package whose config
  // files remain reads "deinstall ok config-files", so look at the last word.
  return result.status === 0 && result.stdout.trim().split(/\s+/).at(-1) === 'installed';
}

function ensureSystemPackages() {
  if (process.env.MEDX_SKIP_SYSTEM_PACKAGES === '1') {
    log('MEDX_SKIP_SYSTEM_PACKAGES=1: not checking Debian packages');
    return;
  }
  if (!onPath('dpkg-query')) {
    throw new SetupError(
      `dpkg-query not found: this does not look like a Debian system.\n` +
        `Install these packages (or equivalents) yourself: ${SYSTEM_PACKAGES.join(' ')}\n` +
        `then rerun with MEDX_SKIP_SYSTEM_PACKAGES=1.`,
    );
  }

  const checkStart = performance.now();
  const missing = SYSTEM_PACKAGES.filter((pkg) => !isInstalled(pkg));
  if (missing.length === 0) {
    log(`Debian packages present (${SYSTEM_PACKAGES.length} checked in ${seconds(checkStart)})`);
    return;
  }

  const aptArgs = ['install', '-y', '--no-install-recommends', ...missing];
  const manual = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;

  // apt-get needs root. As a normal user go through sudo; `env` carries
  // DEBIAN_FRONTEND across sudo, which resets the environment by default.
  let prefix = [];
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    if (!onPath('sudo')) {
      throw new SetupError(
        `missing Debian packages: ${missing.join(' ')}\n` +
          `Not running as root and sudo is not available. Run as root:\n  ${manual}\n` +
          `(or set MEDX_SKIP_SYSTEM_PACKAGES=1 to skip this check).`,
      );
    }
    // Without a terminal (CI, no stdin) sudo cannot ask for a password:
    // -n makes it fail at once instead of hanging.
    prefix = ['sudo', ...(process.stdin.isTTY ? [] : ['-n']), 'env', 'DEBIAN_FRONTEND=noninteractive'];
  }

  log(`installing missing Debian packages: ${missing.join(' ')}`);
  const aptStart = performance.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [command, ...commandArgs] = [...prefix, 'apt-get'];
  const apt = (args) => run(command, [...commandArgs, ...args], { env });
  try {
    // Update once: fresh machines and containers often have empty package lists.
    apt(['update']);
    apt(aptArgs);
  } catch (error) {
    throw new SetupError(`${error.message}\nInstalling Debian packages failed. The command was:\n  ${manual}`);
  }

  // Trust but verify: apt can succeed while a package stays half-configured.
  const stillMissing = missing.filter((pkg) => !isInstalled(pkg));
  if (stillMissing.length > 0) {
    throw new SetupError(`apt-get finished but these packages are still not installed: ${stillMissing.join(' ')}`);
  }
  log(`installed ${missing.join(' ')} in ${seconds(aptStart)} (apt-get update + install)`);
}

// ---------------------------------------------------------------------------
// 2. npm dependencies
// ---------------------------------------------------------------------------

/**
 * Workspace directories from the root package.json. Plain paths are used as
 * they are; a trailing "/*" (e.g. "packages/*") is expanded one level, which is
 * all npm-style globs we expect in this repository.
 */
function workspaceDirs(rootManifest) {
  const patterns = Array.isArray(rootManifest.workspaces)
    ? rootManifest.workspaces
    : (rootManifest.workspaces?.packages ?? []);
  const dirs = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('/*')) {
      const parent = join(ROOT, pattern.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(join(parent, entry.name));
      }
    } else {
      dirs.push(join(ROOT, pattern));
    }
  }
  return dirs.sort();
}

/**
 * Fingerprint of everything `npm ci` installs from: the lock file and every
 * package.json (root and workspaces). File names are hashed too, so adding or
 * removing a workspace changes it. The Node ABI version is included because
 * native modules (better-sqlite3) are built for one Node major version.
 */
function dependencyFingerprint(rootManifest) {
  const files = [join(ROOT, 'package-lock.json'), join(ROOT, 'package.json')];
  for (const dir of workspaceDirs(rootManifest)) files.push(join(dir, 'package.json'));

  const hash = createHash('sha256');
  hash.update(`node-abi ${process.versions.modules}\n`);
  for (const file of files) {
    hash.update(`${relative(ROOT, file)}\n`);
    hash.update(existsSync(file) ? readFileSync(file) : '(missing)');
    hash.update('\n');
  }
  return hash.digest('hex');
}

function ensureNodeModules() {
  const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const hasLock = existsSync(join(ROOT, 'package-lock.json'));
  const hasModules = existsSync(join(ROOT, 'node_modules'));

  if (hasLock && hasModules) {
    const stamp = existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8').trim() : '';
    if (stamp === dependencyFingerprint(rootManifest)) {
      log('npm dependencies present (node_modules matches package-lock.json)');
      return;
    }
  }

  // `npm install` with the lock file installs the locked versions. `npm ci` would be
  // stricter, but the registry this project installs from holds only the Linux builds
  // of Biome's per-platform binaries, so the lock file can never list the others and
  // `npm ci` refuses it as "out of sync" (measured: npm 11.19, @biomejs/biome 2.6.8).
  const command = 'install';
  const why = !hasModules
    ? 'node_modules is missing'
    : !hasLock
      ? 'there is no package-lock.json'
      : 'dependencies changed since the last install';
  log(`running npm ${command} (${why})`);
  const start = performance.now();
  // npm is a shell script on some systems (npm.cmd on Windows); we only
  // support POSIX here, where `npm` on PATH is directly executable.
  try {
    run('npm', [command, '--no-audit', '--no-fund'], { cwd: ROOT });
  } catch (error) {
    // The usual cause: a package.json was edited without updating the lock file.
    const hint = hasLock
      ? 'If npm says package.json and package-lock.json are out of sync, run `npm install` and commit package-lock.json.'
      : '';
    throw new SetupError(`${error.message}\n${hint}`.trim());
  }

  // Hash after installing: `npm install` may have just created or rewritten the
  // lock file. (A project without dependencies may have no node_modules yet.)
  mkdirSync(dirname(STAMP_FILE), { recursive: true });
  writeFileSync(STAMP_FILE, `${dependencyFingerprint(rootManifest)}\n`);
  log(`npm ${command} done in ${seconds(start)}`);
}

// ---------------------------------------------------------------------------

function main() {
  const start = performance.now();
  try {
    ensureSystemPackages();
    ensureNodeModules();
  } catch (error) {
    // Expected failures get their message only; anything else keeps its stack.
    console.error(`setup: FAILED: ${error instanceof SetupError ? error.message : (error?.stack ?? error)}`);
    process.exit(1);
  }
  log(`ready in ${seconds(start)}`);
}

main();
