import { PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AccessDenied } from '../../components/AccessDenied';
import { PageHeader } from '../../components/PageHeader';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useOrganization } from '../organizations/organizations.api';
import { useAccessFlags } from '../access/access.api';
import { AddExistingModal } from './AddExistingModal';
import { serverMessage, useAddPeople, useCreatePerson, type PeopleKind } from './people.api';
import { cleanPerson } from './person-form';
import { PersonFormModal } from './PersonFormModal';
import { PeopleTable } from './PeopleTable';

/**
 * /organizations/{id}/admins (SuperAdmin only) and /organizations/{id}/users (SuperAdmin and the
 * organization's Admins): the heading, the 'Add Existing' and create buttons, and the list.
 */
export function PeoplePage({ kind }: { kind: PeopleKind }) {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const { flags, isLoading } = useAccessFlags(organizationId);
  const allowed = kind === 'admins' ? flags.role === 'SuperAdmin' : flags.role !== 'User';
  const [forbidden, setForbidden] = useState(false);
  const onForbidden = useCallback(() => setForbidden(true), []);

  // An Admin never sees the Admins page, a User (or a client Admin) neither list: refused before
  // asking the server.
  if (isLoading) return null;
  if (!allowed || forbidden) {
    return (
      <AccessDenied backTo={`/organizations/${organizationId}/dashboard`} backLabel={t('people.backToDashboard')} />
    );
  }
  return <PeoplePageBody kind={kind} organizationId={organizationId} onForbidden={onForbidden} />;
}

function PeoplePageBody(props: { kind: PeopleKind; organizationId: string; onForbidden: () => void }) {
  const { kind, organizationId, onForbidden } = props;
  const { t } = useTranslation();
  const organization = useOrganization(organizationId);
  const { success } = useSuccessToast();
  const create = useCreatePerson(kind, organizationId);
  const add = useAddPeople(kind, organizationId);
  const [dialog, setDialog] = useState<'create' | 'add' | null>(null);
  const close = () => setDialog(null);
  const noun = kind === 'admins' ? 'admin' : 'user';

  return (
    <>
      <PageHeader title={t(`people.${noun}.heading`, { organization: organization.data?.name ?? '' })} />
      <Card
        title={t(`people.${noun}.listTitle`)}
        extra={
          <Space wrap>
            <Button icon={<UserAddOutlined />} onClick={() => setDialog('add')}>
              {t('people.addExisting.button')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('create')}>
              {t(`people.${noun}.create`)}
            </Button>
          </Space>
        }
      >
        <PeopleTable kind={kind} organizationId={organizationId} onSuccess={success} onForbidden={onForbidden} />
      </Card>
      {dialog === 'create' && (
        <PersonFormModal
          kind={kind}
          saving={create.isPending}
          onCancel={close}
          onSubmit={(values) =>
            create.mutateAsync(cleanPerson(values)).then((answer) => {
              success(serverMessage(answer), t(`people.${noun}.created`));
              close();
            })
          }
        />
      )}
      {dialog === 'add' && (
        <AddExistingModal
          kind={kind}
          organizationId={organizationId}
          saving={add.isPending}
          onCancel={close}
          onAdd={(ids) =>
            add.mutateAsync(ids).then((answer) => {
              success(serverMessage(answer), t(`people.${noun}.added`));
              close();
            })
          }
        />
      )}
    </>
  );
}
