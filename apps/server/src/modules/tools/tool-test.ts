/**
 * A tool's own <tests>, run as planemo would: each test's params with its test-data files
 * staged, the tool run through the same path as a user's job (tool-run.ts), and every
 * expected output compared by medx_galaxy's `check` (Galaxy's compare modes and
 * assert_contents). `medx tool-test <id>` and the catalogue's integration test use it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { runProcess } from '../../lib/process';
import type { GalaxyAssertion, GalaxyTest, GalaxyTool, TestFile } from './galaxy-model';
import { callGalaxy } from './galaxy-python';
import { mapDataValues, stageDataset } from './staging';
import { runGalaxyTool } from './tool-run';

export interface ToolTestResult {
  tool_id: string;
  index: number;
  ok: boolean;
  problems: string[];
  seconds: number;
}

/** A test's time limit: catalogue tests are meant to take seconds. */
const TEST_TIMEOUT_MS = 10 * 60_000;

/** confine: run as a user-made tool (sandbox.ts), as an admin's review of a submission does. */
export async function runToolTests(tool: GalaxyTool, options: { confine?: boolean } = {}): Promise<ToolTestResult[]> {
  const results: ToolTestResult[] = [];
  for (const [index, test] of tool.tests.entries()) {
    const started = performance.now();
    const problems = await runOneTest(tool, test, options.confine ?? false).catch((error: unknown) => [
      error instanceof Error ? error.message : String(error),
    ]);
    results.push({
      tool_id: tool.id,
      index: index + 1,
      ok: problems.length === 0,
      problems,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    });
  }
  return results;
}

async function runOneTest(tool: GalaxyTool, test: GalaxyTest, confine: boolean): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'medx-tool-test-'));
  try {
    let index = 0;
    const values = await mapDataValues(tool.inputs, test.params, async (value) => {
      const file = value as TestFile;
      const content = await readFile(join(test.test_data_dir, file.file));
      const ext = file.ftype ?? (extname(file.file).slice(1) || 'data');
      return stageDataset(dir, index++, file.file, ext, content);
    });
    const result = await runGalaxyTool(
      tool,
      values,
      dir,
      (command, args, options) => runProcess(command, args, { ...options, cwd: dir, timeoutMs: TEST_TIMEOUT_MS }),
      { confine },
    );
    const problems: string[] = [];
    if (test.expect_failure) {
      if (!result.failed) problems.push('The test expects the tool to fail; it succeeded.');
    } else if (result.failed) {
      problems.push(
        `The tool failed: ${result.messages.join('; ')}`,
        result.stderr.trim().split('\n').slice(-10).join('\n'),
      );
      return problems;
    }
    if (test.expect_exit_code !== null && result.exitCode !== test.expect_exit_code) {
      problems.push(`Exit code ${result.exitCode}, the test expects ${test.expect_exit_code}.`);
    }
    if (test.expect_num_outputs !== null && result.outputs.length !== test.expect_num_outputs) {
      problems.push(`${result.outputs.length} outputs, the test expects ${test.expect_num_outputs}.`);
    }
    for (const expected of test.outputs) {
      const actual = result.outputs.find((output) => output.name === expected.name);
      if (!actual) {
        problems.push(`Output ${expected.name} was not written.`);
        continue;
      }
      const check = await callGalaxy<{ ok: boolean; problems: string[] }>('check', {
        test_output: expected,
        actual: actual.path,
        test_data_dir: test.test_data_dir,
      });
      problems.push(...check.problems.map((problem) => `${expected.name}: ${problem}`));
    }
    for (const [stream, assertions] of [
      ['stdout', test.stdout],
      ['stderr', test.stderr],
    ] as [string, GalaxyAssertion[]][]) {
      if (!assertions.length) continue;
      const text = stream === 'stdout' ? result.stdout : result.stderr;
      const check = await callGalaxy<{ ok: boolean; problems: string[] }>('check', { assertions, text });
      problems.push(...check.problems.map((problem) => `${stream}: ${problem}`));
    }
    return problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
