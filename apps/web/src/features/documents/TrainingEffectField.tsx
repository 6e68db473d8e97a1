import { TRAINING_EFFECT_DAYS_MAX } from '@qualis/contract';
import { Checkbox, Form, InputNumber, Space } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * 'Effective when training completes' (General, a revision that requires training): checked, the
 * revision takes effect when all its trainees passed, or at the latest the chosen days after
 * release (14 at first); unchecked, the field is empty and the option off.
 */
export function TrainingEffectField({
  checked,
  onCheck,
  rules,
}: {
  checked: boolean;
  onCheck: (on: boolean) => void;
  rules: FormRule[];
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('documents.fields.trainingEffect')} extra={t('documents.trainingEffectHelp')}>
      <Space wrap>
        <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)}>
          {t('documents.trainingEffectCheck')}
        </Checkbox>
        <Form.Item name="trainingEffectDays" rules={rules} noStyle>
          <InputNumber
            min={1}
            max={TRAINING_EFFECT_DAYS_MAX}
            precision={0}
            disabled={!checked}
            aria-label={t('documents.fields.trainingEffectDays')}
            addonAfter={t('documents.trainingEffectDaysUnit')}
            style={{ width: 180 }}
          />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}
