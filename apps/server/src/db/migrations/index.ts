import type { Migration, MigrationProvider } from 'kysely/migration';
import type { DialectName } from '../dialect';
import { accountsAndProjects } from './0001_accounts_projects';
import { feedback } from './0002_feedback';
import { files } from './0003_files';
import { jobs } from './0004_jobs';
import { docking } from './0005_docking';
import { quotas } from './0006_quotas';
import { loginFailures } from './0007_login_failures';
import { tools } from './0008_tools';
import { workflows } from './0009_workflows';
import { viewerStates } from './0010_viewer_states';
import { messages } from './0011_messages';
import { feedbackHandled } from './0012_feedback_handled';
import { billing } from './0013_billing';
import { screening } from './0014_screening';
import { toolBuilder } from './0015_tool_builder';

/**
 * Versioned migrations, compiled into the server bundle (no files to find at run time).
 * Append new ones; never edit one that has shipped.
 */
export function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001_accounts_projects': accountsAndProjects(dialect),
        '0002_feedback': feedback(dialect),
        '0003_files': files(dialect),
        '0004_jobs': jobs(dialect),
        '0005_docking': docking(dialect),
        '0006_quotas': quotas(dialect),
        '0007_login_failures': loginFailures(dialect),
        '0008_tools': tools(dialect),
        '0009_workflows': workflows(dialect),
        '0010_viewer_states': viewerStates(dialect),
        '0011_messages': messages(dialect),
        '0012_feedback_handled': feedbackHandled(dialect),
        '0013_billing': billing(dialect),
        '0014_screening': screening(dialect),
        '0015_tool_builder': toolBuilder(dialect),
      };
    },
  };
}
