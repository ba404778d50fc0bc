import { Button, Card, Col, DatePicker, Flex, Form, Input, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EMPTY_FILTER, type ProjectFilter, type TimeRange } from './filter-projects';

type RangeValue = [Dayjs | null, Dayjs | null] | null;

interface SearchForm {
  query?: string;
  updated?: RangeValue;
  created?: RangeValue;
}

function toRange(value: RangeValue | undefined): TimeRange | null {
  const [start, end] = value ?? [null, null];
  if (!start || !end) return null;
  return [start.startOf('day').valueOf(), end.endOf('day').valueOf()];
}

interface AdvancedSearchProps {
  onSearch: (filter: ProjectFilter) => void;
}

/** Project name or ID, last-modified range, created range, Reset and Search (spec §2). */
export function AdvancedSearch({ onSearch }: AdvancedSearchProps) {
  const { t } = useTranslation('projects');
  const [form] = Form.useForm<SearchForm>();

  const search = (values: SearchForm) =>
    onSearch({ query: values.query ?? '', updated: toRange(values.updated), created: toRange(values.created) });

  const reset = () => {
    form.resetFields();
    onSearch(EMPTY_FILTER);
  };

  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="advanced-search">
      <Form<SearchForm> form={form} layout="vertical" onFinish={search}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="query" label={t('search.query')}>
              <Input allowClear placeholder={t('search.queryPlaceholder')} data-testid="search-query" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="updated" label={t('search.updatedRange')}>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="created" label={t('search.createdRange')}>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('search.scope')}
          </Typography.Text>
          <Flex gap={8}>
            <Button onClick={reset} data-testid="search-reset">
              {t('search.reset')}
            </Button>
            <Button type="primary" htmlType="submit" data-testid="search-submit">
              {t('search.submit')}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
