import type { Organization } from '@qualis/contract';
import { Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangeSigning } from './settings.api';

export interface SigningCardProps {
  organization: Organization;
  onSuccess: (serverText: string | undefined, fallback: string) => void;
}

/**
 * Electronic signatures (decision 0018, 21 CFR 11.200(a)): whether signers re-enter their password
 * at each review and approval. Saved as soon as it is switched; the server allows it to the
 * organization's Admins and the SuperAdmin only.
 */
export function SigningCard({ organization, onSuccess }: SigningCardProps) {
  const { t } = useTranslation();
  const change = useChangeSigning(organization.id);
  const id = 'qualis-signing-password';
  return (
    <Card title={t('settings.signing.title')}>
      <Space orientation="vertical" size="small">
        <Space align="center">
          <Switch
            id={id}
            checked={organization.signingRequiresPassword}
            loading={change.isPending}
            onChange={(on) =>
              change.mutate(on, { onSuccess: (answer) => onSuccess(answer.message, t('settings.signing.saved')) })
            }
          />
          <label htmlFor={id}>{t('settings.signing.password')}</label>
        </Space>
        <Typography.Text type="secondary">{t('settings.signing.note')}</Typography.Text>
      </Space>
    </Card>
  );
}
