import { localActionDescription, localActionName, type Action } from '@qualis/contract';
import { Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../shared/dates';
import { fullName } from '../people/row-actions';
import { ActionStatusTag } from './ActionStatusTag';
import { EnteredLink, useLinkText } from './EnteredLink';

/** Every field of an action, read-only (spec 03 sections 3 and 5); links open in a new tab. */
export function ActionView({ action }: { action: Action }) {
  const { t, i18n } = useTranslation();
  const linkText = useLinkText();
  const none = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  const link = (href: string | null, description: string | null): ReactNode =>
    href ? <EnteredLink href={href}>{linkText(href, description)}</EnteredLink> : none(t('actions.noLink'));
  const person = (p: Action['assignee']) => `${fullName(p)} (${p.email})`;

  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      bordered
      size="middle"
      items={[
        { key: 'number', label: t('actions.fields.number'), children: action.number },
        { key: 'status', label: t('actions.fields.status'), children: <ActionStatusTag status={action.status} /> },
        {
          key: 'name',
          label: t('actions.fields.name'),
          children: localActionName(action, i18n.language),
          span: 'filled',
        },
        {
          key: 'description',
          label: t('actions.fields.description'),
          children: <span className="qualis-pre-line">{localActionDescription(action, i18n.language)}</span>,
          span: 'filled',
        },
        { key: 'dueDate', label: t('actions.fields.dueDate'), children: formatDate(action.dueDate, i18n.language) },
        { key: 'assignee', label: t('actions.fields.assignee'), children: person(action.assignee) },
        { key: 'assigner', label: t('actions.fields.assigner'), children: person(action.assigner) },
        { key: 'creator', label: t('actions.fields.creator'), children: person(action.creator) },
        {
          key: 'creationDate',
          label: t('actions.fields.creationDate'),
          children: formatDate(action.createdAt, i18n.language),
        },
        {
          key: 'creationTime',
          label: t('actions.fields.creationTime'),
          children: formatTime(action.createdAt, i18n.language),
        },
        { key: 'link', label: t('actions.fields.link'), children: link(action.link, action.linkDescription) },
        {
          key: 'extraLink',
          label: t('actions.fields.extraLink'),
          children: link(action.extraLink, action.extraLinkDescription),
        },
        {
          key: 'tags',
          label: t('actions.fields.tags'),
          span: 'filled',
          children: action.tags.length
            ? action.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>)
            : none(t('actions.noTags')),
        },
      ]}
    />
  );
}
