import { Col, Form, Input, Row, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordLinkPicker } from './RecordLinkPicker';

export type LinkField = 'link' | 'linkDescription' | 'extraLink' | 'extraLinkDescription';

export interface LinkFieldsProps {
  organizationId: string;
  /** The form's checks of each field (the contract schema's, from useZodForm). */
  rules: (field: LinkField) => FormRule[];
  /** Sets fields as typing would (useZodForm's setFieldValues): the picker fills a link and its description. */
  setFieldValues: (changes: Partial<Record<LinkField, string>>) => void;
}

/**
 * A record's link and extra link, each with its description and 'Link to a record' (spec 03
 * section 5): the picker fills the link with the record's path and the description with its name.
 */
export function LinkFields({ organizationId, rules, setFieldValues }: LinkFieldsProps) {
  const { t } = useTranslation();
  const pair = (link: 'link' | 'extraLink', description: 'linkDescription' | 'extraLinkDescription') => (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name={link}
          label={t(`actions.fields.${link}`)}
          rules={rules(link)}
          extra={
            <RecordLinkPicker
              organizationId={organizationId}
              onPick={(record) => setFieldValues({ [link]: record.path, [description]: record.description })}
            />
          }
        >
          <Input placeholder="https://" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={description} label={t(`actions.fields.${description}`)} rules={rules(description)}>
          <Input />
        </Form.Item>
      </Col>
    </>
  );
  return (
    <Row gutter={16}>
      {pair('link', 'linkDescription')}
      {pair('extraLink', 'extraLinkDescription')}
    </Row>
  );
}
