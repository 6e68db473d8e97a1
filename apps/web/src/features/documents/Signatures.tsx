import {
  SIGNATURE_COMMENT_MAX_LENGTH,
  SIGNATURE_RESPONSE,
  ZAddDocumentApprovalRequest,
  ZAddDocumentReviewRequest,
  type DocumentSignature,
  type EarlierDocumentSignature,
  type SigningSectionStatus,
} from '@qualis/contract';
import { Alert, Button, Card, Descriptions, Divider, Empty, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api-client';
import { formatDateTime } from '../../shared/dates';
import { PageSpinner } from '../../components/PageSpinner';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useZodForm } from '../../components/zod-form';
import { useOrganization } from '../organizations/organizations.api';
import { fullName } from '../people/row-actions';
import { useDocumentMutations, useSendOwnAccessCode, useSignatures, type SigningKind } from './documents.api';

const STATUS_COLORS: Record<SigningSectionStatus, string> = {
  NotStarted: 'default',
  InProgress: 'processing',
  Completed: 'success',
};

/**
 * One recorded response as its signature manifestation (21 CFR 11.50): the printed name and
 * e-mail at signing, the meaning, the date and time, the comment, and a warning when the
 * controlled file has changed since it was signed.
 */
function SignatureCard({ signature }: { signature: DocumentSignature | EarlierDocumentSignature }) {
  const { t, i18n } = useTranslation();
  const rejected = signature.meaning === 'Rejected';
  return (
    <Card size="small" className="qualis-signature">
      {!signature.signatureMatches && (
        <Alert type="warning" showIcon className="qualis-form-note" title={t('documents.signing.mismatch')} />
      )}
      <Descriptions
        column={1}
        size="small"
        items={[
          ...('cycle' in signature
            ? [{ key: 'cycle', label: t('documents.signing.cycle'), children: signature.cycle }]
            : []),
          { key: 'name', label: t('documents.signing.signer'), children: signature.signerName },
          { key: 'email', label: t('documents.signing.email'), children: signature.email },
          {
            key: 'meaning',
            label: t('documents.signing.meaning'),
            children: (
              <Tag color={rejected ? 'red' : 'green'}>{t(`documents.signing.meanings.${signature.meaning}`)}</Tag>
            ),
          },
          {
            key: 'at',
            label: t('documents.signing.signedAt'),
            children: formatDateTime(signature.signedAt, i18n.language),
          },
          {
            key: 'comment',
            label: t('documents.signing.comment'),
            children: signature.comment ? (
              <span className="qualis-pre-line">{signature.comment}</span>
            ) : (
              <Typography.Text type="secondary">{t('documents.signing.noComment')}</Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * For an approver whose access code is missing or expired (codes reach approvers by e-mail when
 * they are named; this is the way back after a lost or expired one): a new code by e-mail.
 */
export function SendMyAccessCode({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { success } = useSuccessToast();
  const send = useSendOwnAccessCode(organizationId);
  return (
    <Alert
      type="info"
      showIcon
      className="qualis-form-note"
      title={t('documents.signing.noAccessCode')}
      action={
        <Button
          size="small"
          loading={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (answer) => success(answer.data.message, t('documents.signing.accessCodeSent')),
            })
          }
        >
          {t('documents.signing.sendAccessCode')}
        </Button>
      }
    />
  );
}

const FIELDS = ['status', 'comment', 'accessCode', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** The person's response: Reviewed or Approved, or Rejected, with a comment, their access code (approvals) and password (when asked). */
function SigningForm({
  organizationId,
  documentId,
  revision,
  kind,
  codeMissing,
}: {
  organizationId: string;
  documentId: string;
  revision: number;
  kind: SigningKind;
  /** The person's access code is missing or expired: the form offers to send one. */
  codeMissing: boolean;
}) {
  const { t } = useTranslation();
  const { success } = useSuccessToast();
  const mutations = useDocumentMutations(organizationId, documentId);
  const organization = useOrganization(organizationId);
  const approval = kind === 'approval';
  const schema = approval ? ZAddDocumentApprovalRequest : ZAddDocumentReviewRequest;
  const fields = useMemo(() => FIELDS.filter((f) => approval || f !== 'accessCode'), [approval]);
  const context = useMemo(() => ({ organizationId, revision }), [organizationId, revision]);
  const zod = useZodForm<Field, string | number>(schema, fields, context);
  // The organization may ask signers for their password (decision 0018); the server says so too.
  const [passwordAsked, setPasswordAsked] = useState(false);
  const askPassword = passwordAsked || organization.data?.signingRequiresPassword === true;
  const mutation = approval ? mutations.addApproval : mutations.addReview;

  const submit = async () => {
    const values = zod.form.getFieldsValue(true) as Partial<Record<Field, string | number>>;
    const comment = String(values.comment ?? '').trim();
    const password = String(values.password ?? '');
    const body = {
      revision,
      status: values.status as 0 | 1,
      comment: comment || null,
      ...(password ? { password } : {}),
    };
    try {
      // The access code goes as typed (leading zeros kept); the server reads it.
      const answer = approval
        ? await mutations.addApproval.mutateAsync({ ...body, accessCode: String(values.accessCode ?? '').trim() })
        : await mutations.addReview.mutateAsync(body);
      success(answer.message, t(approval ? 'documents.signing.approved' : 'documents.signing.reviewed'));
      zod.form.resetFields();
    } catch (error) {
      if (error instanceof ApiError && error.errors.some((e) => e.field === 'password')) setPasswordAsked(true);
      zod.showServerErrors(error);
    }
  };

  const accept = approval ? 'documents.signing.meanings.Approved' : 'documents.signing.meanings.Reviewed';
  return (
    <Form layout="vertical" {...zod.formProps} onFinish={() => void submit()} className="qualis-signing-form">
      <Form.Item
        name="status"
        label={t(approval ? 'documents.signing.yourApproval' : 'documents.signing.yourReview')}
        rules={zod.rules('status')}
        required
      >
        <Radio.Group
          options={[
            { value: SIGNATURE_RESPONSE.Accepted, label: t(accept) },
            { value: SIGNATURE_RESPONSE.Rejected, label: t('documents.signing.meanings.Rejected') },
          ]}
        />
      </Form.Item>
      <Form.Item name="comment" label={t('documents.signing.comment')} rules={zod.rules('comment')}>
        <Input.TextArea maxLength={SIGNATURE_COMMENT_MAX_LENGTH} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      {approval && codeMissing && <SendMyAccessCode organizationId={organizationId} />}
      {approval && (
        <Form.Item
          name="accessCode"
          label={t('documents.signing.accessCode')}
          rules={zod.rules('accessCode')}
          required
          extra={t('documents.signing.accessCodeHelp')}
        >
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
      )}
      {askPassword && (
        <Form.Item name="password" label={t('documents.signing.password')} rules={zod.rules('password')} required>
          <Input.Password autoComplete="current-password" style={{ maxWidth: 320 }} />
        </Form.Item>
      )}
      <Typography.Paragraph type="secondary">
        {t(approval ? 'documents.signing.approvalMeaning' : 'documents.signing.reviewMeaning')}
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" disabled={zod.values.status === undefined} loading={mutation.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

/**
 * The Review or Approval tab of a revision (spec 03 sections 2-5, decision 0018): first the
 * revision's reason for change (what signers read first, issue 24), then the section's status, who
 * has not responded yet, each recorded response, the form when the person may respond, and the
 * responses of the earlier signature cycles (before a rejection or a change asked again).
 */
export function SigningSection({
  organizationId,
  documentId,
  revision,
  reasonForChange,
  kind,
}: {
  organizationId: string;
  documentId: string;
  revision: number;
  /** Null: none given (a first revision, or one made before it was asked). */
  reasonForChange: string | null;
  kind: SigningKind;
}) {
  const { t, i18n } = useTranslation();
  const section = useSignatures(organizationId, documentId, revision, kind, true);
  if (!section.data) return section.isError ? <Empty description={t('table.loadFailed')} /> : <PageSpinner />;
  const { status, at, pending, signatures, earlierSignatures, canAdd, codeMissing } = section.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={t('documents.fields.reasonForChange')} className="qualis-signing-reason">
        {reasonForChange ? (
          <span className="qualis-pre-line">{reasonForChange}</span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        )}
      </Card>
      <Space wrap>
        <Typography.Text strong>{t('documents.signing.status')}</Typography.Text>
        <Tag color={STATUS_COLORS[status]}>{t(`documents.signing.statuses.${status}`)}</Tag>
        {at && <Typography.Text type="secondary">{formatDateTime(at, i18n.language)}</Typography.Text>}
      </Space>
      {pending.length > 0 && (
        <div>
          <Typography.Text strong>{t('documents.signing.waitingFor')}</Typography.Text>
          <ul className="qualis-plain-list">
            {pending.map((p) => (
              <li key={p.id}>{`${fullName(p)} (${p.email})`}</li>
            ))}
          </ul>
        </div>
      )}
      {signatures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('documents.signing.none')} />
      ) : (
        signatures.map((s) => <SignatureCard key={s.id} signature={s} />)
      )}
      {earlierSignatures.length > 0 && (
        <section aria-label={t('documents.signing.earlier')}>
          <Typography.Title level={5}>{t('documents.signing.earlier')}</Typography.Title>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {earlierSignatures.map((s) => (
              <SignatureCard key={s.id} signature={s} />
            ))}
          </Space>
        </section>
      )}
      {canAdd && (
        <>
          <Divider />
          <SigningForm
            organizationId={organizationId}
            documentId={documentId}
            revision={revision}
            kind={kind}
            codeMissing={codeMissing}
          />
        </>
      )}
    </Space>
  );
}
