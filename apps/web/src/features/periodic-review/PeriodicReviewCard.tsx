import { REVIEW_INTERVAL_MAX_MONTHS, REVIEW_REMINDER_MAX_DAYS, type Organization } from '@qualis/contract';
import { Button, Card, InputNumber, List, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTypes, useSetReviewInterval, useSetReviewReminder } from './periodic-review.api';

export interface PeriodicReviewCardProps {
  organization: Organization;
  onSuccess: (serverText: string | undefined, fallback: string) => void;
}

/**
 * Settings, 'Periodic review': how many days before a review its reminder comes, and each
 * document type's review interval in months (empty: no periodic review), saved when it changes.
 */
export function PeriodicReviewCard({ organization, onSuccess }: PeriodicReviewCardProps) {
  const { t } = useTranslation();
  const types = useDocumentTypes(organization.id);
  const setInterval = useSetReviewInterval(organization.id);
  const setReminder = useSetReviewReminder(organization.id);
  const [days, setDays] = useState<number | null>(organization.reviewReminderDays);
  const daysId = useId();
  const rows = [...(types.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const interval = (id: string, value: number | null) =>
    setInterval.mutate(
      { id, reviewIntervalMonths: value },
      { onSuccess: (answer) => onSuccess(answer.message, t('periodicReview.intervalSaved')) },
    );

  return (
    <Card title={t('periodicReview.settingsTitle')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space align="center" wrap>
          <label htmlFor={daysId}>{t('periodicReview.reminderDays')}</label>
          <InputNumber
            id={daysId}
            min={0}
            max={REVIEW_REMINDER_MAX_DAYS}
            precision={0}
            value={days}
            onChange={setDays}
          />
          <Button
            loading={setReminder.isPending}
            disabled={days === null || days === organization.reviewReminderDays}
            onClick={() =>
              setReminder.mutate(days!, {
                onSuccess: (answer) => onSuccess(answer.message, t('periodicReview.reminderSaved')),
              })
            }
          >
            {t('common.save')}
          </Button>
        </Space>
        <Typography.Text type="secondary">{t('periodicReview.settingsNote')}</Typography.Text>
        <List
          size="small"
          loading={types.isPending}
          dataSource={rows}
          locale={{ emptyText: t('settings.documentTypes.empty') }}
          renderItem={(type) => (
            <List.Item
              extra={
                <InputNumber
                  aria-label={t('periodicReview.intervalOf', { name: type.name })}
                  placeholder={t('periodicReview.noInterval')}
                  min={1}
                  max={REVIEW_INTERVAL_MAX_MONTHS}
                  precision={0}
                  suffix={t('periodicReview.months')}
                  defaultValue={type.reviewIntervalMonths ?? undefined}
                  onBlur={(e) => {
                    const text = e.target.value.trim();
                    const value = text === '' ? null : Number(text);
                    if (value !== type.reviewIntervalMonths && (value === null || Number.isInteger(value))) {
                      interval(type.id, value);
                    }
                  }}
                />
              }
            >
              <Typography.Text>{type.name}</Typography.Text>
            </List.Item>
          )}
        />
      </Space>
    </Card>
  );
}
