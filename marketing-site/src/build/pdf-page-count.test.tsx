import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { whitePaperDownloadPath } from '@dcipher/shared/contract';
import { cleanup, render } from '@testing-library/react';
import DownloadWhitePaperPage from '../pages/download-whitepaper';
import { whitePaperPageCount } from '../site-config';
import { pdfFilePageCount, pdfPageCount } from './pdf-page-count.mjs';

afterEach(cleanup);

const siteDir = join(__dirname, '..', '..');

/** A PDF written the way pdfkit writes one: uncompressed dictionaries, one object per page. */
function pdf(objects: string[], header = '%PDF-1.3\n'): Uint8Array {
  const body = objects.map((object, index) => `${index + 1} 0 obj\n${object}\nendobj\n`).join('');
  return Buffer.from(`${header}${body}trailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}
const catalog = '<< /Type /Catalog /Pages 2 0 R >>';
const page = (parent: number) => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 595 842] >>`;

describe('pdfPageCount', () => {
  it('counts the 7 pages of the white paper the site serves', async () => {
    const path = join(siteDir, 'static', ...whitePaperDownloadPath.split('/').filter(Boolean));
    expect(await pdfFilePageCount(path)).toBe(7);
  });

  it('counts page objects, agreeing with the page tree', () => {
    const kids = '[3 0 R 4 0 R 5 0 R]';
    expect(
      pdfPageCount(pdf([catalog, `<< /Type /Pages /Kids ${kids} /Count 3 >>`, page(2), page(2), page(2)])),
    ).toBe(3);
  });

  it('takes the root of a nested page tree, whose count covers every page', () => {
    const objects = [
      catalog,
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 3 >>',
      '<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 >>',
      page(2),
      page(3),
      page(3),
    ];
    expect(pdfPageCount(pdf(objects))).toBe(3);
  });

  it('ignores what streams contain, and counts an object redefined by an update once', () => {
    const stream = '<< /Length 30 >>\nstream\n/Type /Page /Type /Page\nendstream';
    const base = pdf([catalog, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page(2), stream]);
    const update = Buffer.from(`3 0 obj\n${page(2)}\nendobj\n%%EOF\n`, 'latin1');
    expect(pdfPageCount(Buffer.concat([base, update]))).toBe(1);
  });

  it('throws rather than guess: page objects that disagree with the tree, no pages, object streams, not a PDF', () => {
    expect(() => pdfPageCount(pdf([catalog, '<< /Type /Pages /Count 8 >>', page(2), page(2)]))).toThrow(
      'the PDF has 2 page objects but its page tree counts 8',
    );
    expect(() => pdfPageCount(pdf([catalog, '<< /Type /Pages /Count 0 >>']))).toThrow('no page objects');
    expect(() =>
      pdfPageCount(
        pdf([catalog, '<< /Type /Pages /Count 1 >>', page(2), '<< /Type /ObjStm /N 4 >>'], '%PDF-1.5\n'),
      ),
    ).toThrow('compressed object streams');
    expect(() => pdfPageCount(Buffer.from('<html>not a pdf</html>'))).toThrow('not a PDF');
  });
});

describe('the white paper page', () => {
  it('states the page count read from the PDF at build time', () => {
    render(<DownloadWhitePaperPage />);
    expect(document.body.textContent).toContain(`${whitePaperPageCount} pages, PDF.`);
    const source = readFileSync(join(siteDir, 'src', 'pages', 'download-whitepaper.tsx'), 'utf8');
    expect(source).not.toMatch(/\b\d+ pages\b/);
  });
});
