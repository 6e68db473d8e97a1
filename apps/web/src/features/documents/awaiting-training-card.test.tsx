import { screen } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { describe, expect, it } from 'vitest';
import { on, renderFeature, stubEndpoints } from '../../test/app';
import { ORG } from '../../test/organization';
import { AwaitingTrainingCard } from './AwaitingTrainingCard';
import { req } from '../../../../../docs/requirements/req.js';

const DOC = '0190a8e4-0000-7000-8000-0000000000d1';
const waiting = {
  id: DOC,
  number: 7,
  typeDescription: 'SOP-007',
  name: 'Gowning',
  revision: 2,
  trainingEffect: { days: 14, passed: 7, trainees: 9 },
  effectiveBy: '2030-05-01',
};

describe("the dashboard's 'Waiting for training' card", () => {
  it(`shows each revision with '7 of 9 passed' and the day it takes effect at the latest ${req('DOC-036')}`, async () => {
    stubEndpoints(on(endpoints.dashboard.awaitingTraining, () => ({ data: [waiting] })));
    renderFeature(<AwaitingTrainingCard organizationId={ORG} isAdmin={false} />);
    const link = await screen.findByText('SOP-007 Gowning · Revision 2');
    expect(link.closest('a')).toHaveAttribute('href', `/organizations/${ORG}/documents/${DOC}?revision=2`);
    expect(
      screen.getByText('effective when training completes: 7 of 9 passed · in effect by 05/01/2030 at the latest'),
    ).toBeInTheDocument();
  });

  it(`is shown to an Admin with none waiting, and to nobody else then ${req('DOC-036')}`, async () => {
    stubEndpoints(on(endpoints.dashboard.awaitingTraining, () => ({ data: [] })));
    const admin = renderFeature(<AwaitingTrainingCard organizationId={ORG} isAdmin />);
    expect(await screen.findByText('No released revision is waiting for its training')).toBeInTheDocument();
    admin.unmount();
    renderFeature(<AwaitingTrainingCard organizationId={ORG} isAdmin={false} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Waiting for training')).not.toBeInTheDocument();
  });
});
