import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type PeriodicReview } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, renderFeature, stubEndpoints } from '../../test/app';
import { ORG, organization, organizationEndpoints } from '../../test/organization';
import { OverdueReviewsCard } from './OverdueReviewsCard';
import { PeriodicReviewCard } from './PeriodicReviewCard';
import { PeriodicReviewPanel } from './PeriodicReviewPanel';
import { req } from '../../../../../docs/requirements/req.js';

const SLOW = 60_000;
const DOC = '0190a8e4-0000-7000-8000-0000000000d1';
const TYPE = '0190a8e4-0000-7000-8000-0000000000e1';
const rows = endpoints.periodicReview;

const review = (values: Partial<PeriodicReview> = {}): PeriodicReview => ({
  intervalMonths: 12,
  reviewFrom: '2029-05-01',
  nextReviewOn: '2030-05-01',
  isOverdue: false,
  canReview: true,
  reviews: [],
  ...values,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the periodic review of a document', () => {
  it(
    `shows the next review date, Overdue once passed, and signs 'Reviewed, no change' with a reason and the access code ${req('DOC-032')}`,
    async () => {
      const sent: unknown[] = [];
      let current = review({ isOverdue: true });
      stubEndpoints(
        on(rows.read, () => ({ data: current })),
        on(rows.reviewedNoChange, (_, body) => {
          sent.push(body);
          current = review({ nextReviewOn: '2031-05-01' });
          return { data: current, message: 'Reviewed, no change: the next review is on 2031-05-01' };
        }),
        ...organizationEndpoints(),
      );
      renderFeature(<PeriodicReviewPanel organizationId={ORG} documentId={DOC} />);

      expect(await screen.findByText(/Next periodic review: .*every 12 months/)).toBeInTheDocument();
      expect(screen.getByText('Overdue')).toBeInTheDocument();
      fireEvent.click(screen.getByText('Reviewed, no change'));
      const dialog = await screen.findByRole('dialog');
      const ok = within(dialog).getByText('Sign').closest('button')!;
      expect(ok).toBeDisabled();
      fireEvent.change(within(dialog).getByLabelText('Reason: what you checked'), {
        target: { value: ' Still right ' },
      });
      expect(ok).toBeDisabled();
      fireEvent.change(within(dialog).getByLabelText('Access code'), { target: { value: '012345' } });
      await waitFor(() => expect(ok).toBeEnabled());
      fireEvent.click(ok);
      await waitFor(() => expect(sent).toEqual([{ organizationId: ORG, reason: 'Still right', accessCode: '012345' }]));
      await waitFor(() => expect(screen.queryByText('Overdue')).not.toBeInTheDocument());
    },
    SLOW,
  );

  it('shows nothing for a document without a periodic review, and no button to someone not responsible', async () => {
    stubEndpoints(
      on(rows.read, () => ({ data: review({ canReview: false }) })),
      ...organizationEndpoints(),
    );
    renderFeature(<PeriodicReviewPanel organizationId={ORG} documentId={DOC} />);
    expect(await screen.findByText(/Next periodic review/)).toBeInTheDocument();
    expect(screen.queryByText('Reviewed, no change')).not.toBeInTheDocument();
  });
});

describe('the settings and the dashboard', () => {
  it(
    `saves a type's interval when it changes, and the reminder days ${req('DOC-030')}`,
    async () => {
      const intervals: unknown[] = [];
      const reminders: unknown[] = [];
      stubEndpoints(
        on(endpoints.settings['document-types'].list, () => ({
          data: [{ id: TYPE, name: 'SOP', reviewIntervalMonths: null }],
        })),
        on(rows.setInterval, (_, body) => {
          intervals.push(body);
          return { data: { id: TYPE, name: 'SOP', reviewIntervalMonths: 24 }, message: 'The review interval is saved' };
        }),
        on(rows.setReminder, (_, body) => {
          reminders.push(body);
          return { data: { reviewReminderDays: 14 }, message: 'The review reminder is saved' };
        }),
        ...organizationEndpoints(),
      );
      const onSuccess = vi.fn();
      renderFeature(<PeriodicReviewCard organization={organization} onSuccess={onSuccess} />);
      const input = await screen.findByLabelText('Review interval of SOP in months');
      fireEvent.change(input, { target: { value: '24' } });
      fireEvent.blur(input);
      await waitFor(() => expect(intervals).toEqual([{ reviewIntervalMonths: 24 }]));
      fireEvent.change(screen.getByLabelText('Reminder, days before the review'), { target: { value: '14' } });
      fireEvent.click(screen.getByText('Save').closest('button')!);
      await waitFor(() => expect(reminders).toEqual([{ reviewReminderDays: 14 }]));
      expect(onSuccess).toHaveBeenCalledWith('The review reminder is saved', 'The review reminder is saved');
    },
    SLOW,
  );

  it(`lists the overdue reviews with a link to the list's filter ${req('DOC-033')}`, async () => {
    stubEndpoints(
      on(rows.overdue, () => ({
        data: [
          { id: DOC, number: 7, typeDescription: 'SOP-007', name: 'Gowning', revision: 2, nextReviewOn: '2030-05-01' },
        ],
      })),
    );
    renderFeature(<OverdueReviewsCard organizationId={ORG} isAdmin={false} />);
    expect(await screen.findByText('SOP-007 Gowning')).toBeInTheDocument();
    expect(screen.getByText('View all').closest('a')).toHaveAttribute(
      'href',
      `/organizations/${ORG}/documents?reviewOverdue=true`,
    );
  });
});
