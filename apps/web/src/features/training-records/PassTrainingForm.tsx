import { answerLetter, type TrainingRecord } from '@qualis/contract';
import { Button, Checkbox, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PassAnswers {
  questions: { id: string; answers: { id: string; isSelected: boolean }[] }[];
  acknowledged: true;
  understood: true;
}

export interface PassTrainingFormProps {
  training: TrainingRecord;
  saving: boolean;
  onSubmit: (answers: PassAnswers) => void;
  onCancel: () => void;
}

/**
 * 'Pass training' (spec 03 sections 4 and 5): the person chooses the answers of every question (a
 * question may have several correct answers, so each answer is a box to tick) and ticks both
 * acknowledgements; Submit waits for all of it.
 */
export function PassTrainingForm({ training, saving, onSubmit, onCancel }: PassTrainingFormProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [acknowledged, setAcknowledged] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const answered = training.questions.every((q) => (chosen[q.id]?.length ?? 0) > 0);
  const ready = answered && acknowledged && understood;

  const submit = () =>
    onSubmit({
      questions: training.questions.map((q) => ({
        id: q.id,
        answers: q.answers.map((a) => ({ id: a.id, isSelected: chosen[q.id]?.includes(a.id) ?? false })),
      })),
      acknowledged: true,
      understood: true,
    });

  return (
    <Flex vertical gap={16} className="qualis-pass-training">
      <Typography.Paragraph>{t('trainings.passIntro')}</Typography.Paragraph>
      {training.questions.length === 0 && (
        <Typography.Text type="secondary">{t('trainings.noQuestions')}</Typography.Text>
      )}
      {training.questions.map((q, index) => (
        <fieldset key={q.id} className="qualis-fieldset qualis-pass-question">
          <legend className="qualis-pre-line">
            {t('trainings.passQuestion', { number: index + 1, text: q.name })}
          </legend>
          <Checkbox.Group
            className="qualis-pass-answers"
            value={chosen[q.id] ?? []}
            onChange={(ids) => setChosen((current) => ({ ...current, [q.id]: ids }))}
            options={q.answers.map((a) => ({ value: a.id, label: `${answerLetter(a.number)}. ${a.name}` }))}
          />
        </fieldset>
      ))}
      <Flex vertical gap={8}>
        <Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)}>
          {t('trainings.acknowledgements.acknowledged')}
        </Checkbox>
        <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)}>
          {t('trainings.acknowledgements.understood')}
        </Checkbox>
      </Flex>
      <Space wrap>
        <Button type="primary" disabled={!ready} loading={saving} onClick={submit}>
          {t('trainings.submitAnswers')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Flex>
  );
}
