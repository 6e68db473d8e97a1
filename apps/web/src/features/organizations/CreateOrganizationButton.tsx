import { ZOrganizationNameRequest } from '@qualis/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameModal } from '../../components/NameModal';
import { useCreateOrganization } from './organizations.api';
import type { SuccessToast } from '../../components/useSuccessToast';

/** 'Add New' → 'Create Organization'. */
export function CreateOrganizationButton({ onSuccess }: { onSuccess: SuccessToast }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const create = useCreateOrganization();
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t('organizations.addNew')}
      </Button>
      {open && (
        <NameModal
          open
          label={t('organizations.nameLabel')}
          schema={ZOrganizationNameRequest}
          title={t('organizations.createModal.title')}
          okText={t('organizations.createModal.create')}
          saving={create.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={(name) =>
            create.mutateAsync(name).then((answer) => {
              onSuccess(answer.message, t('organizations.created'));
              setOpen(false);
            })
          }
        />
      )}
    </>
  );
}
