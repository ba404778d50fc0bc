import { LoadingOutlined, LockOutlined, ReadOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayTags, type GuideItem } from './catalogue';
import { categoryLabel } from './category-label';

interface ToolCardProps {
  item: GuideItem;
  favourite: boolean;
  /** Its tutorial is the one open in the panel. */
  tutorialOpen: boolean;
  tutorialLoading: boolean;
  onOpen: (item: GuideItem) => void;
  onToggleFavourite: (item: GuideItem) => void;
  onTutorial: (item: GuideItem) => void;
}

/**
 * A card of the Tool guide's grid (spec §4 Tool card): name, version, description, category and
 * at most two tags (spec §5), the favourite star and the tutorial icon. An unavailable tool is
 * shown disabled with its reason; a denied one carries a lock and opens the no-licence reminder.
 */
export function ToolCard({
  item,
  favourite,
  tutorialOpen,
  tutorialLoading,
  onOpen,
  onToggleFavourite,
  onTutorial,
}: ToolCardProps) {
  const { t } = useTranslation('tools');
  const disabled = !item.available;
  const classes = ['medx-tool-card', disabled && 'is-disabled', tutorialOpen && 'is-active'].filter(Boolean);
  return (
    <article
      className={classes.join(' ')}
      data-testid={`tool-card-${item.id}`}
      data-available={item.available}
      data-allowed={item.allowed}
    >
      <header className="medx-tool-card-head">
        <Typography.Text strong ellipsis className="medx-tool-card-name" title={item.name}>
          {item.name}
        </Typography.Text>
        {item.isWorkflow && <Tag color="purple">{t('card.workflow')}</Tag>}
        <span className="medx-tool-card-actions">
          <Tooltip title={favourite ? t('card.unfavourite') : t('card.favourite')}>
            <Button
              type="text"
              size="small"
              aria-label={favourite ? t('card.unfavourite') : t('card.favourite')}
              aria-pressed={favourite}
              icon={favourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => onToggleFavourite(item)}
              data-testid={`tool-fav-${item.id}`}
            />
          </Tooltip>
          <Tooltip title={t('card.tutorial')}>
            <Button
              type={tutorialOpen ? 'link' : 'text'}
              size="small"
              aria-label={t('card.tutorial')}
              aria-expanded={tutorialOpen}
              aria-busy={tutorialLoading}
              icon={tutorialLoading ? <LoadingOutlined /> : <ReadOutlined />}
              onClick={() => onTutorial(item)}
              data-testid={`tool-tutorial-${item.id}`}
            />
          </Tooltip>
        </span>
      </header>
      <Typography.Paragraph type="secondary" className="medx-tool-card-desc" ellipsis={{ rows: 2 }}>
        {item.description || item.id}
      </Typography.Paragraph>
      {disabled && (
        <Typography.Text type="warning" className="medx-tool-card-reason" data-testid={`tool-unavailable-${item.id}`}>
          {t('card.unavailableReason', { reason: item.unavailableReason ?? '' })}
        </Typography.Text>
      )}
      <footer className="medx-tool-card-foot">
        <span className="medx-tool-card-tags">
          <Tag variant="filled" color="blue">
            {categoryLabel(t, item.category)}
          </Tag>
          {displayTags(item.tags).map((tag) => (
            <Tag key={tag} variant="filled">
              {tag}
            </Tag>
          ))}
          {item.version && (
            <Typography.Text type="secondary" className="medx-tool-card-version">
              {t('card.version', { version: item.version })}
            </Typography.Text>
          )}
        </span>
        {!item.allowed && (
          <Tag icon={<LockOutlined />} color="default">
            {t('card.noLicence')}
          </Tag>
        )}
        <Button
          type="primary"
          size="small"
          disabled={disabled}
          onClick={() => onOpen(item)}
          data-testid={`tool-open-${item.id}`}
        >
          {disabled ? t('card.unavailable') : t('card.open')}
        </Button>
      </footer>
    </article>
  );
}
