import { PluginCommands } from 'molstar/lib/mol-plugin/commands';
import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { OpenFiles } from 'molstar/lib/mol-plugin-state/actions/file';
import { Asset } from 'molstar/lib/mol-util/assets';
import { toastError } from '../api/ui-bridge';
import { i18n } from '../i18n';
import { planDrop, snapshotFileName } from './drop-files';

/** Name of our handler in Mol*'s drag-and-drop manager (it runs before Mol*'s default one). */
const HANDLER = 'medx-drop';

/**
 * Files dropped on Med View (spec §4 "Dragged files"), through Mol*'s own drop overlay and its
 * drag-and-drop manager: a snapshot file opens as a snapshot, other files load with their format
 * detected from the extension, and extensions no reader knows are refused by name.
 */
export function installDropHandler(plugin: PluginContext): void {
  plugin.managers.dragAndDrop.addHandler(HANDLER, async (files, ctx) => {
    const plan = planDrop(files, ctx.dataFormats.extensions);
    if (plan.kind === 'snapshot') {
      const file = plan.file;
      const named = snapshotFileName(file.name);
      await PluginCommands.State.Snapshots.OpenFile(ctx, {
        file: named === file.name ? file : new File([file], named, { type: file.type }),
      });
      return true;
    }
    for (const ext of plan.unsupported) {
      toastError(i18n.t('msg:notSupportExt', { fileExtension: ext ? `.${ext}` : '' }));
    }
    if (plan.files.length > 0) {
      await ctx.runTask(
        ctx.state.data.applyAction(OpenFiles, {
          files: plan.files.map((file) => Asset.File(file)),
          format: { name: 'auto', params: {} },
          visuals: true,
        }),
      );
    }
    return true;
  });
}
