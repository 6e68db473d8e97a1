import { ZCreateUserGroupRequest } from '@qualis/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useSuccessToast } from '../components/useSuccessToast';
import { NameModal } from '../components/NameModal';
import { useCreateUserGroup } from '../features/user-groups/user-groups.api';
import { UserGroupsTable } from '../features/user-groups/UserGroupsTable';

/** /organizations/{id}/user-groups (spec 02 section 2, "User Groups list"). */
export default function UserGroupsPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const { success } = useSuccessToast();
  const create = useCreateUserGroup(organizationId);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <Breadcrumb items={[{ title: t('groups.breadcrumb') }]} />
      <PageHeader title={t('groups.breadcrumb')} />
      <Card
        title={t('groups.listTitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('groups.create')}
          </Button>
        }
      >
        <UserGroupsTable organizationId={organizationId} onSuccess={success} />
      </Card>
      <NameModal
        open={creating}
        title={t('groups.createTitle')}
        okText={t('groups.create')}
        label={t('groups.name')}
        schema={ZCreateUserGroupRequest}
        saving={create.isPending}
        onCancel={() => setCreating(false)}
        onSubmit={(name) =>
          create.mutateAsync(name).then((answer) => {
            success(answer.message, t('groups.created'));
            setCreating(false);
          })
        }
      />
    </>
  );
}
