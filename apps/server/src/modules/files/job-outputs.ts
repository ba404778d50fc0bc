import type { JobOutputSink } from '../../jobs/job-context';
import type { FileWriter } from './file-records';

/**
 * A job's outputs become project files marked as its results (the job engine's output sink).
 * They are kept even beyond the owner's storage quota (a finished computation is not thrown
 * away; docs/decisions.md "Quotas"); `onOverQuota` reports the output that crossed it.
 */
export function jobOutputFiles(
  writer: FileWriter,
  onOverQuota?: (jobId: number, usage: { used: number; limit: number }) => Promise<void>,
): JobOutputSink {
  return {
    async store(job, output) {
      const [row] = await writer.createMany(
        job.project_id,
        job.user_id,
        [
          {
            name: output.name,
            ext: output.ext,
            content: output.content,
            isJobResult: true,
            jobId: job.id,
            isShowEntry: output.showEntry,
          },
        ],
        undefined,
        { overQuota: 'keep', onExceeded: async (usage) => onOverQuota?.(job.id, usage) },
      );
      if (!row) throw new Error('the output file was not stored');
      return row.id;
    },
  };
}
