import { fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, renderFeature, stubEndpoints } from '../../test/app';
import { TYPE, documentDetail } from '../../test/documents';
import { ORG, ada, organizationEndpoints } from '../../test/organization';
import { DocumentGeneralForm } from './DocumentGeneralForm';
import { RevisionEffectText, RowLifecycle } from './RevisionLifecycle';

/** Issue 24, training before effect: the General option, and the pending revision's progress. */

const SLOW = 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('effective when training completes', () => {
  it('shows how many trainees passed, in the list State and the detail', () => {
    const progress = { days: 14, passed: 7, trainees: 9 };
    renderFeature(
      <>
        <RowLifecycle
          row={{
            lifecycle: 'Effective',
            pendingRevision: {
              revision: 2,
              status: 'Approved',
              isFinal: true,
              effectiveOn: null,
              trainingEffect: progress,
            },
          }}
        />
        <RevisionEffectText
          revision={{
            effectiveOn: null,
            effectiveAt: null,
            supersededAt: null,
            supersededBy: null,
            trainingEffect: progress,
          }}
        />
      </>,
    );
    expect(screen.getByText('rev 2 effective when training completes: 7 of 9 passed')).toBeTruthy();
    expect(
      screen.getByText('Effective when training completes: 7 of 9 passed (at the latest 14 days after release)'),
    ).toBeTruthy();
  });

  it(
    'is offered on a revision that requires training, 14 days when checked, and sent with General',
    async () => {
      stubEndpoints(
        on(endpoints.settings['document-types'].list, () => ({
          data: [{ id: TYPE, name: 'SOP', reviewIntervalMonths: null }],
        })),
        ...organizationEndpoints(),
      );
      const onSubmit = vi.fn(() => Promise.resolve());
      renderFeature(
        <DocumentGeneralForm
          organizationId={ORG}
          mode="edit"
          document={documentDetail({ requiresTraining: true })}
          me={ada}
          saving={false}
          onSubmit={onSubmit}
        />,
      );
      const days = screen.getByLabelText('Days to wait for training') as HTMLInputElement;
      expect(days.disabled).toBe(true);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Effective when training completes' }));
      await waitFor(() => expect(days.value).toBe('14'));
      fireEvent.click(screen.getByRole('button', { name: /save/i }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(onSubmit.mock.calls[0]).toEqual([expect.objectContaining({ trainingEffectDays: 14 })]);
    },
    SLOW,
  );

  it('is not offered when the revision does not require training', () => {
    stubEndpoints(...organizationEndpoints());
    renderFeature(
      <DocumentGeneralForm
        organizationId={ORG}
        mode="edit"
        document={documentDetail()}
        me={ada}
        saving={false}
        onSubmit={() => Promise.resolve()}
      />,
    );
    expect(screen.queryByText('Effective when training completes')).toBeNull();
  });
});
