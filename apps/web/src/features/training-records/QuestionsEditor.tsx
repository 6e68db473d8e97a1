import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  TRAINING_MAX_ANSWERS,
  TRAINING_MAX_QUESTIONS,
  TRAINING_MIN_ANSWERS,
  ZTrainingQuestionInput,
  answerLetter,
} from '@qualis/contract';
import { Button, Card, Checkbox, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../components/zod-form';
import { newAnswer, newQuestion, type AnswerDraft, type QuestionDraft } from './training-form';

/** The contract's messages for one question: its text, each answer's text, and its answers as a whole. */
function questionErrors(question: QuestionDraft) {
  const result = ZTrainingQuestionInput.safeParse(question);
  const errors: { name?: string; answers?: string; answer: Record<number, string> } = { answer: {} };
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [field, index, inner] = issue.path;
    if (field === 'name') errors.name ??= issue.message;
    else if (field === 'answers' && typeof index === 'number' && inner === 'name')
      errors.answer[index] ??= issue.message;
    else if (field === 'answers' && index === undefined) errors.answers ??= issue.message;
  }
  return errors;
}

export interface QuestionsEditorProps {
  id?: string;
  value?: QuestionDraft[];
  onChange?: (value: QuestionDraft[]) => void;
}

/**
 * The training's quiz (spec 03 section 5): each question has its text and lettered answers (A, B,
 * C), at least 2 (their delete is disabled at 2), at least one marked correct. A question's
 * messages show once it has been written in.
 */
export function QuestionsEditor({ id, value = [], onChange }: QuestionsEditorProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());

  const change = (next: QuestionDraft[], touchedKey?: string) => {
    if (touchedKey) setTouched((keys) => new Set(keys).add(touchedKey));
    onChange?.(next);
  };
  const setQuestion = (key: string, update: (q: QuestionDraft) => QuestionDraft) =>
    change(
      value.map((q) => (q.key === key ? update(q) : q)),
      key,
    );
  const setAnswer = (question: QuestionDraft, answerKey: string, update: Partial<AnswerDraft>) =>
    setQuestion(question.key, (q) => ({
      ...q,
      answers: q.answers.map((a) => (a.key === answerKey ? { ...a, ...update } : a)),
    }));

  const error = (message: string | undefined, errorId: string) =>
    message && (
      <Typography.Text type="danger" id={errorId} className="qualis-question__error">
        {text(message)}
      </Typography.Text>
    );

  return (
    <Flex vertical gap={12} id={id}>
      {value.length === 0 && <Typography.Text type="secondary">{t('trainings.noQuestions')}</Typography.Text>}
      {value.map((question, index) => {
        const number = index + 1;
        const errors = touched.has(question.key) ? questionErrors(question) : { answer: {} as Record<number, string> };
        const errorId = (part: string) => `${question.key}-${part}-error`;
        return (
          <Card
            key={question.key}
            size="small"
            className="qualis-question"
            title={t('trainings.questionNumber', { number })}
            extra={
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('trainings.deleteQuestion', { number })}
                onClick={() => change(value.filter((q) => q.key !== question.key))}
              />
            }
          >
            <Flex vertical gap={8}>
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 6 }}
                aria-label={t('trainings.questionText', { number })}
                placeholder={t('trainings.questionPlaceholder')}
                value={question.name}
                status={errors.name ? 'error' : undefined}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? errorId('name') : undefined}
                onChange={(e) => setQuestion(question.key, (q) => ({ ...q, name: e.target.value }))}
              />
              {error(errors.name, errorId('name'))}
              {question.answers.map((answer, answerIndex) => {
                const letter = answerLetter(answerIndex + 1);
                const answerError = errors.answer[answerIndex];
                return (
                  <Flex key={answer.key} vertical gap={2}>
                    <Flex gap={8} align="center" wrap className="qualis-answer">
                      <Typography.Text strong aria-hidden>
                        {letter}
                      </Typography.Text>
                      <Input
                        className="qualis-answer__text"
                        aria-label={t('trainings.answerText', { letter, number })}
                        value={answer.name}
                        status={answerError ? 'error' : undefined}
                        aria-invalid={answerError ? true : undefined}
                        aria-describedby={answerError ? errorId(answer.key) : undefined}
                        onChange={(e) => setAnswer(question, answer.key, { name: e.target.value })}
                      />
                      <Checkbox
                        checked={answer.isCorrect}
                        aria-label={t('trainings.answerCorrect', { letter, number })}
                        onChange={(e) => setAnswer(question, answer.key, { isCorrect: e.target.checked })}
                      >
                        {t('trainings.correct')}
                      </Checkbox>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('trainings.deleteAnswer', { letter, number })}
                        disabled={question.answers.length <= TRAINING_MIN_ANSWERS}
                        onClick={() =>
                          setQuestion(question.key, (q) => ({
                            ...q,
                            answers: q.answers.filter((a) => a.key !== answer.key),
                          }))
                        }
                      />
                    </Flex>
                    {error(answerError, errorId(answer.key))}
                  </Flex>
                );
              })}
              {error(errors.answers, errorId('answers'))}
              <div>
                <Button
                  icon={<PlusOutlined />}
                  disabled={question.answers.length >= TRAINING_MAX_ANSWERS}
                  onClick={() => setQuestion(question.key, (q) => ({ ...q, answers: [...q.answers, newAnswer()] }))}
                >
                  {t('trainings.addAnswer')}
                </Button>
              </div>
            </Flex>
          </Card>
        );
      })}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={value.length >= TRAINING_MAX_QUESTIONS}
          onClick={() => change([...value, newQuestion()])}
        >
          {t('trainings.addQuestion')}
        </Button>
      </div>
    </Flex>
  );
}
