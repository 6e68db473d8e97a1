import { PlusOutlined } from '@ant-design/icons';
import type { AccessFlags } from '@qualis/contract';
import { Button, Card } from 'antd';
import type { ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAccessFlags } from '../features/access/access.api';
import { PageHeader } from './PageHeader';
import { useSuccessToast, type SuccessToast } from './useSuccessToast';

/** 'Add New' of a list page: its label, the flag that allows it, and the list whose create page it opens. */
export interface AddNew {
  label: string;
  allowedBy: Extract<keyof AccessFlags, `canAdd${string}`>;
  listPath: (organizationId: string) => string;
}

/**
 * A list page of spec 03 section 2 (/organizations/{id}/...): the page title, and the list in a
 * card titled 'List of ...' whose 'Add New', when the person may add, opens `{list}/create`.
 */
export function ListPage({
  title,
  listTitle,
  addNew,
  List,
}: {
  title: string;
  listTitle: string;
  addNew?: AddNew;
  List: ComponentType<{ organizationId: string; onSuccess: SuccessToast }>;
}) {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const { flags } = useAccessFlags(organizationId);
  const { success } = useSuccessToast();

  return (
    <>
      <PageHeader title={title} />
      <Card
        title={listTitle}
        extra={
          addNew &&
          flags[addNew.allowedBy] && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(`${addNew.listPath(organizationId)}/create`)}
            >
              {addNew.label}
            </Button>
          )
        }
      >
        <List organizationId={organizationId} onSuccess={success} />
      </Card>
    </>
  );
}
