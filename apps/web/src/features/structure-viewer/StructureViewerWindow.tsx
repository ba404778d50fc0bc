import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, type MenuProps, Spin, Switch, Tree, type TreeDataNode } from 'antd';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/test-id';
import { useViewerPlugin } from '../../viewer/ViewerProvider';
import { readHierarchy, runTreeAction } from './read-hierarchy';
import { actionTargets, allKeys, buildTree, type TreeAction, type TreeNode, treeMenu } from './structure-tree';

/** Re-reads the hierarchy whenever Mol*'s hierarchy or a cell's visibility changes. */
function useTree(plugin: PluginUIContext | null): TreeNode[] {
  const [tree, setTree] = useState<TreeNode[]>([]);
  useEffect(() => {
    if (!plugin) {
      setTree([]);
      return;
    }
    const update = () => setTree(buildTree(readHierarchy(plugin)));
    const subs = [
      plugin.managers.structure.hierarchy.behaviors.selection.subscribe(update),
      plugin.state.data.events.cell.stateUpdated.subscribe(update),
    ];
    update();
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [plugin]);
  return tree;
}

/**
 * The Structure Viewer window (spec §2 "Structure hierarchy tree"): what Med View holds, file →
 * models → structures → chains and components, with a visibility eye per node and a right-click menu
 * (focus, select, hide/show, remove). Multiple-select mode adds checkboxes; the menu then acts
 * on every checked node and offers check all / uncheck all.
 */
export function StructureViewerWindow() {
  const { t } = useTranslation('structure');
  const plugin = useViewerPlugin();
  const tree = useTree(plugin);
  const [multi, setMulti] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  const keys = useMemo(() => allKeys(tree), [tree]);
  // Nodes that left the tree leave the checked set.
  useEffect(() => {
    setChecked((current) => {
      const next = current.filter((key) => keys.includes(key));
      return next.length === current.length ? current : next;
    });
  }, [keys]);

  if (!plugin) {
    return (
      <div className="medx-tile-empty" data-testid="structure-viewer">
        <Spin />
      </div>
    );
  }

  const run = (action: TreeAction, targets: TreeNode[]) => {
    if (action === 'check-all') return setChecked(keys);
    if (action === 'uncheck-all') return setChecked([]);
    void runTreeAction(plugin, action, targets);
  };

  const menu = (node: TreeNode): MenuProps => {
    const targets = actionTargets(tree, node.key, checked, multi);
    return {
      items: treeMenu(targets, multi).map((line, i) =>
        line === 'divider'
          ? { type: 'divider' as const, key: `divider-${i}` }
          : {
              key: line.action,
              danger: line.danger,
              disabled: line.disabled,
              label: line.count ? `${t(`menu.${line.action}`)} (${line.count})` : t(`menu.${line.action}`),
              ...testId(`tree-${line.action}`),
            },
      ),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        run(key as TreeAction, targets);
      },
    };
  };

  const toData = (node: TreeNode): TreeDataNode => ({
    key: node.key,
    title: (
      <Dropdown trigger={['contextMenu']} menu={menu(node)} destroyOnHidden>
        <span
          className={`medx-tree-node medx-tree-${node.kind}${node.hidden ? ' medx-tree-hidden' : ''}`}
          data-testid={`tree-node-${node.kind}`}
          data-hidden={node.hidden}
        >
          <span className="medx-tree-title">{node.kind === 'chain' ? t('chain', { id: node.title }) : node.title}</span>
          <Button
            size="small"
            type="text"
            className="medx-tree-eye"
            icon={node.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            aria-label={t(node.hidden ? 'menu.show' : 'menu.hide')}
            aria-pressed={!node.hidden}
            onClick={(event) => {
              event.stopPropagation();
              run(node.hidden ? 'show' : 'hide', [node]);
            }}
            {...testId(`tree-eye-${node.kind}`)}
          />
        </span>
      </Dropdown>
    ),
    children: node.children.map(toData),
  });

  return (
    <section className="medx-window medx-structure-viewer" data-testid="structure-viewer">
      <div className="medx-window-toolbar" role="toolbar" aria-label={t('toolbar')}>
        <Switch
          size="small"
          checked={multi}
          onChange={(on) => {
            setMulti(on);
            if (!on) setChecked([]);
          }}
          aria-label={t('multiSelect')}
          data-testid="structure-multi-select"
        />
        <span>{t('multiSelect')}</span>
        {multi && checked.length > 0 && (
          <span className="medx-muted">{t('checkedCount', { count: checked.length })}</span>
        )}
      </div>
      <div className="medx-window-body">
        {tree.length === 0 ? (
          <div className="medx-tile-empty">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
          </div>
        ) : (
          <Tree
            blockNode
            showLine
            selectable={false}
            checkable={multi}
            checkStrictly
            checkedKeys={checked}
            onCheck={(value) => setChecked((Array.isArray(value) ? value : value.checked).map(String))}
            expandedKeys={keys.filter((key) => !collapsed.has(key))}
            onExpand={(expanded) => {
              const open = new Set(expanded.map(String));
              setCollapsed(new Set(keys.filter((key) => !open.has(key))));
            }}
            treeData={tree.map(toData)}
          />
        )}
      </div>
    </section>
  );
}

export default StructureViewerWindow;
