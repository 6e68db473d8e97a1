import { isMessageKey, messages } from '@qualis/contract';
import { Form, type FormInstance, type FormRule } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../shared/api-client';
import { translateMessage } from '../shared/server-text';

const NO_CONTEXT = {};

/**
 * A contract message in the person's language. The contract's schemas say a key of the catalogue
 * (`'fieldRequired'`): its translation `messages.<key>` is shown, else the English text. Zod's own
 * texts (no key) are shown as they are.
 */
export function useMessageText() {
  const { t } = useTranslation();
  return useCallback(
    (keyOrText: string) =>
      isMessageKey(keyOrText) ? t(`messages.${keyOrText}`, { defaultValue: messages[keyOrText] }) : keyOrText,
    [t],
  );
}

/**
 * The first message per field of the form's values checked by the contract schema (only the form's
 * own fields): a key of the catalogue, or Zod's own text; `useMessageText` shows either.
 */
export function zodFieldErrors(schema: z.ZodType, values: unknown, fields: readonly string[]): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (fields.includes(field) && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * An Ant Design form checked by a contract schema, so the browser refuses what the server refuses
 * with the server's message. `fields` are the schema's fields this form shows (the others, such as
 * `organizationId`, are added by the caller when it sends). `rules(field)` goes on each
 * `Form.Item`, `formProps` on the `Form`, `values` are the current values, `valid` enables the submit button, and `showServerErrors(error)` puts a 400's
 * `field` messages under their fields (the API client has toasted the first one already).
 */
export function useZodForm<F extends string, V = string>(
  schema: z.ZodType,
  fields: readonly F[],
  /** Values of the call the form does not show (a link's e-mail and token), so whole-object rules run. */
  context: object = NO_CONTEXT,
  initialValues: Partial<Record<F, V>> = {},
  form?: FormInstance,
) {
  const [instance] = Form.useForm(form);
  const text = useMessageText();
  // Kept from onValuesChange (synchronous with the input event), not Form.useWatch (a tick later).
  const [values, setValues] = useState<Partial<Record<F, V>>>(initialValues);
  const errors = useMemo(
    () => zodFieldErrors(schema, { ...context, ...values }, fields),
    [schema, context, values, fields],
  );
  const valid = Object.keys(errors).length === 0;
  const formProps = {
    form: instance,
    initialValues,
    onValuesChange: (_: unknown, all: Partial<Record<F, V>>) => setValues(all),
  };

  const rules = useCallback(
    (field: F): FormRule[] => [
      ({ getFieldsValue }) => ({
        validator: async () => {
          const message = zodFieldErrors(schema, { ...context, ...getFieldsValue(true) }, [field])[field];
          if (message) throw new Error(text(message));
        },
      }),
    ],
    [schema, context, text],
  );

  const showServerErrors = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      const known = error.errors.filter((e) => e.field && (fields as readonly string[]).includes(e.field));
      instance.setFields(known.map((e) => ({ name: e.field as string, errors: [translateMessage(e)] })));
    },
    [instance, fields],
  );

  /** Sets fields from code (a picker), as typing would: the form's values and checks follow. */
  const setFieldValues = useCallback(
    (changes: Partial<Record<F, V>>) => {
      instance.setFieldsValue(changes);
      setValues(instance.getFieldsValue(true) as Partial<Record<F, V>>);
      void instance.validateFields(Object.keys(changes)).catch(() => undefined);
    },
    [instance],
  );

  return { form: instance, formProps, values, rules, valid, errors, showServerErrors, setFieldValues };
}
