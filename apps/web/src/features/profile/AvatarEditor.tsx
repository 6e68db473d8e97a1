import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { SessionUser } from '@qualis/contract';
import { Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/bridges';
import { ImageCropDialog } from '../../components/ImageCropDialog';
import { UserAvatar } from '../../components/UserAvatar';
import { toastSuccess } from '../account/toast';
import { avatarFileProblem } from './avatar-file';
import { useRemoveAvatar, useSetAvatar } from './profile.api';

/** The picture: choose a file (format and size checked first), crop it square, save; or remove it. */
export function AvatarEditor({ profile }: { profile: SessionUser }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const setAvatar = useSetAvatar();
  const removeAvatar = useRemoveAvatar();

  function choose(chosen: File) {
    const problem = avatarFileProblem(chosen);
    if (problem) notify(t(`profile.${problem}`));
    else setFile(chosen);
    return false; // nothing is uploaded before the crop
  }

  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <UserAvatar person={profile} size={96} />
      <Space direction="vertical" size={8}>
        <Typography.Text strong>{t('profile.avatar')}</Typography.Text>
        <Space wrap>
          <Upload accept=".jpg,.jpgs,.jpeg,.png,.svg" showUploadList={false} beforeUpload={choose}>
            <Button icon={<UploadOutlined />}>{t('profile.uploadAvatar')}</Button>
          </Upload>
          {profile.avatar && (
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={removeAvatar.isPending}
              onClick={() =>
                removeAvatar.mutate(undefined, { onSuccess: () => toastSuccess(t('profile.avatarRemoved')) })
              }
            >
              {t('profile.removeAvatar')}
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">{t('profile.avatarHint')}</Typography.Text>
      </Space>
      <ImageCropDialog
        file={file}
        aspect={1}
        saving={setAvatar.isPending}
        onCancel={() => setFile(null)}
        onCropped={(image, fileName) =>
          setAvatar.mutate(
            { image, fileName },
            {
              onSuccess: () => {
                setFile(null);
                toastSuccess(t('profile.avatarUpdated'));
              },
            },
          )
        }
      />
    </div>
  );
}
