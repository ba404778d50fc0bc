import type { JobOutputSink } from '../../jobs/job-context';
import type { FileWriter } from './file-records';

/** A job's outputs become project files marked as its results (the job engine's output sink). */
export function jobOutputFiles(writer: FileWriter): JobOutputSink {
  return {
    async store(job, output) {
      const [row] = await writer.createMany(job.project_id, job.user_id, [
        {
          name: output.name,
          ext: output.ext,
          content: output.content,
          isJobResult: true,
          jobId: job.id,
          isShowEntry: output.showEntry,
        },
      ]);
      if (!row) throw new Error('the output file was not stored');
      return row.id;
    },
  };
}
