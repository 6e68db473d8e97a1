import { UploadOutlined } from '@ant-design/icons';
import { IMAGE_EXTENSIONS, type Organization } from '@qualis/contract';
import { Button, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/bridges';
import { ImageCropDialog } from '../../components/ImageCropDialog';
import { OrganizationLogo } from './OrganizationLogo';
import { useSetOrganizationLogo } from './organizations.api';
import { logoFileProblem } from './organization-rules';
import type { SuccessToast } from '../../components/useSuccessToast';

const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

export interface OrganizationLogoModalProps {
  organization: Organization;
  onClose: () => void;
  onSuccess: SuccessToast;
}

/** The logo of one organization: choose (format and size checked first), crop 16:9, upload, set. */
export function OrganizationLogoModal({ organization, onClose, onSuccess }: OrganizationLogoModalProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const setLogo = useSetOrganizationLogo();

  const choose = (chosen: File) => {
    const problem = logoFileProblem(chosen);
    if (problem) notify(t(`organizations.${problem}`));
    else setFile(chosen);
    return false; // nothing is uploaded before the crop
  };

  const save = (image: Blob, fileName: string) =>
    setLogo.mutate(
      { id: organization.id, image, fileName },
      {
        onSuccess: (answer) => {
          setFile(null);
          onSuccess(answer.message, t('organizations.logoModal.changed'));
          onClose();
        },
      },
    );

  return (
    <>
      <Modal
        open={!file}
        title={t('organizations.logoModal.title', { name: organization.name })}
        onCancel={onClose}
        footer={<Button onClick={onClose}>{t('organizations.logoModal.close')}</Button>}
        destroyOnHidden
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <div className="qualis-org-logo-preview">
            {organization.logo ? (
              <OrganizationLogo organization={organization} size={90} />
            ) : (
              <Typography.Text type="secondary">{t('organizations.logoModal.none')}</Typography.Text>
            )}
          </div>
          <Upload accept={ACCEPT} showUploadList={false} beforeUpload={choose} maxCount={1}>
            <Button type="primary" icon={<UploadOutlined />} loading={setLogo.isPending}>
              {organization.logo ? t('organizations.logoModal.change') : t('organizations.logoModal.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('organizations.logoModal.note')}</Typography.Text>
        </Space>
      </Modal>
      <ImageCropDialog
        file={file}
        aspect={16 / 9}
        saving={setLogo.isPending}
        onCancel={() => setFile(null)}
        onCropped={save}
      />
    </>
  );
}
