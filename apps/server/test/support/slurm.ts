import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from './wait';

export interface TestSlurm {
  /** SLURM_CONF for every Slurm command and for the server that submits. */
  env: { SLURM_CONF: string };
  /** squeue's lines for a job id (its array tasks still pending or running). */
  tasks(jobId: string): string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

/**
 * A single-node Slurm cluster of the test's own (Debian's slurm-wlm and munge, which
 * scripts/setup.mjs installs), started the way scripts/with-postgres.mjs starts PostgreSQL:
 * its own munge key and socket, its own ports, state and spool folders, this machine as its
 * one node with all its cores, the daemons in the foreground as children of the test. Needs
 * root (the daemons run as root, as on a test machine; CI runs as root).
 *
 * No accounting database (slurmdbd): `sacct` has nothing to answer here, so jobs are followed
 * with `squeue` (and `scontrol show job` while Slurm remembers them).
 */
export async function startSlurm(): Promise<TestSlurm> {
  const dir = mkdtempSync(join(tmpdir(), 'medx-slurm-'));
  for (const sub of ['state', 'spool', 'log']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'munge.key'), randomBytes(1024), { mode: 0o600 });
  const socket = join(dir, 'munge.sock');
  const [ctldPort, dPort] = [await freePort(), await freePort()];
  const node = hostname();
  const conf = join(dir, 'slurm.conf');
  writeFileSync(
    conf,
    [
      `ClusterName=medx${randomBytes(3).toString('hex')}`,
      `SlurmctldHost=${node}(127.0.0.1)`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${dPort}`,
      'AuthType=auth/munge',
      `AuthInfo=socket=${socket}`,
      'CredType=cred/munge',
      'SlurmUser=root',
      'SlurmdUser=root',
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${join(dir, 'log', 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'log', 'slurmd.log')}`,
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      'JobCompType=jobcomp/none',
      'MpiDefault=none',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_CPU',
      'ReturnToService=2',
      `NodeName=${node} NodeAddr=127.0.0.1 CPUs=${availableParallelism()} RealMemory=1000 State=UNKNOWN`,
      'PartitionName=medx Nodes=ALL Default=YES MaxTime=INFINITE State=UP',
      '',
    ].join('\n'),
  );
  const env = { ...process.env, SLURM_CONF: conf };
  const daemons: ChildProcess[] = [];
  const start = (command: string, args: string[]) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    daemons.push(child);
    return child;
  };
  start('munged', [
    '--foreground',
    '--force',
    `--key-file=${join(dir, 'munge.key')}`,
    `--socket=${socket}`,
    `--pid-file=${join(dir, 'munged.pid')}`,
    `--log-file=${join(dir, 'log', 'munged.log')}`,
    `--seed-file=${join(dir, 'munge.seed')}`,
  ]);
  await waitUntil(
    async () => spawnSync('munge', ['-S', socket, '-n'], { encoding: 'utf8' }).status === 0,
    (ok) => ok,
    { timeoutMs: 15_000, what: 'munged to answer' },
  );
  start('slurmctld', ['-D', '-f', conf]);
  start('slurmd', ['-D', '-f', conf]);
  await waitUntil(
    async () => spawnSync('sinfo', ['--noheader', '--format=%t'], { env, encoding: 'utf8' }).stdout.trim(),
    (state) => state === 'idle',
    { timeoutMs: 60_000, what: 'the Slurm node to be idle' },
  );
  return {
    env: { SLURM_CONF: conf },
    tasks: (jobId) =>
      spawnSync('squeue', ['--noheader', '--array', `--jobs=${jobId}`, '--format=%i %T'], { env, encoding: 'utf8' })
        .stdout.split('\n')
        .filter((line) => line.trim()),
    async stop() {
      spawnSync('scancel', ['--full', '--user=root'], { env });
      for (const child of daemons.reverse()) {
        if (child.exitCode !== null || child.signalCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
