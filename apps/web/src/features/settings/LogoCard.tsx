import { UploadOutlined } from '@ant-design/icons';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, type Organization } from '@qualis/contract';
import { Button, Card, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/bridges';
import { ImageCropDialog } from '../../components/ImageCropDialog';
import { OrganizationLogo } from '../organizations/OrganizationLogo';
import { formatFileSize, useChangeLogo } from './settings.api';

const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

export interface LogoCardProps {
  organization: Organization;
  onSuccess: (serverText: string | undefined, fallback: string) => void;
}

/** The organization's logo: choose, check (10 MB), crop 16:9, upload, set. */
export function LogoCard({ organization, onSuccess }: LogoCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const change = useChangeLogo(organization.id);
  const logo = organization.logo;

  const choose = (chosen: File) => {
    const extension = chosen.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) notify(t('settings.imageFormat'));
    else if (chosen.size > IMAGE_MAX_BYTES) notify(t('settings.imageTooLarge'));
    else setFile(chosen);
    return false; // the upload happens after cropping
  };

  const save = (image: Blob, fileName: string) =>
    change.mutate(
      { image, fileName },
      {
        onSuccess: (answer) => {
          setFile(null);
          onSuccess(answer.message, t('settings.logoChanged'));
        },
        // Spec 02 section 8: a failed logo upload sends the person to the organization dashboard.
        onError: () => void navigate(`/organizations/${organization.id}/dashboard`),
      },
    );

  return (
    <Card title={t('settings.logoTitle')}>
      <Space align="start" size="large" wrap>
        <div className="qualis-settings-logo">
          <OrganizationLogo organization={organization} size={90} />
        </div>
        <Space orientation="vertical" size="small">
          <Upload accept={ACCEPT} showUploadList={false} beforeUpload={choose} maxCount={1}>
            <Button icon={<UploadOutlined />} loading={change.isPending}>
              {organization.logo ? t('settings.changeLogo') : t('settings.uploadLogo')}
            </Button>
          </Upload>
          {logo && (
            <Typography.Text data-testid="logo-file">
              {logo.originalFileName} ({formatFileSize(logo.fileSize)})
            </Typography.Text>
          )}
          <Typography.Text type="secondary">{t('settings.logoNote')}</Typography.Text>
        </Space>
      </Space>
      <ImageCropDialog
        file={file}
        aspect={16 / 9}
        saving={change.isPending}
        onCancel={() => setFile(null)}
        onCropped={save}
      />
    </Card>
  );
}
