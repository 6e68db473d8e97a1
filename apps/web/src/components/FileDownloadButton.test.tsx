import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveFile } from '../shared/save-file';
import { TestProviders } from '../test/app';
import { FileDownloadButton } from './FileDownloadButton';
import { req } from '../../../../docs/requirements/req.js';

const CHANGED = /The file has changed since it was stored \(and signed\)/;

async function download(changed: boolean) {
  vi.mocked(saveFile).mockClear();
  const blob = new Blob(['%PDF-1.7']);
  render(
    <TestProviders>
      <FileDownloadButton
        fileName="sop.pdf"
        fetchFile={() => Promise.resolve({ blob, fileName: 'sop.pdf', changed })}
      />
    </TestProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Download sop.pdf' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledWith(blob, 'sop.pdf'));
}

describe('FileDownloadButton', () => {
  it(`saves a file whose bytes the server found changed, with a warning ${req('DOC-021')}`, async () => {
    await download(true);
    expect(await screen.findByText(CHANGED)).toBeTruthy();
  });

  it('saves an unchanged file without one', async () => {
    await download(false);
    expect(screen.queryByText(CHANGED)).toBeNull();
  });
});
