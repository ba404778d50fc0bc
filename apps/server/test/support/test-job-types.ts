import { z } from 'zod';
import type { JobRegistry } from '../../src/jobs/job-context';

/**
 * Job types the engine's own tests run through the real runner (real processes, small
 * work): registered with createTestApp(..., { jobTypes: TEST_JOB_TYPES }).
 */
export const TEST_JOB_TYPES = {
  ECHO: { params: z.object({ words: z.string() }), result: z.array(z.object({ name: z.string(), score: z.number() })) },
  SLEEP: { params: z.object({}), result: z.array(z.unknown()) },
  FAIL: { params: z.object({}), result: z.array(z.unknown()) },
} satisfies JobRegistry;
