import { attachmentHeader, contentDispositionOf } from './content-disposition';

describe('the Content-Disposition of a download', () => {
  it('leaves public images inline and makes every other file an attachment', () => {
    expect(contentDispositionOf({ mimeType: 'image/png', isPublic: true, originalName: 'logo.png' })).toBeUndefined();
    expect(contentDispositionOf({ mimeType: 'image/png', isPublic: false, originalName: 'scan.png' })).toBe(
      'attachment; filename="scan.png"',
    );
    expect(contentDispositionOf({ mimeType: 'application/pdf', isPublic: true, originalName: 'terms.pdf' })).toBe(
      'attachment; filename="terms.pdf"',
    );
    expect(contentDispositionOf({ mimeType: 'application/octet-stream', isPublic: false, originalName: 'notes.txt' })).toBe(
      'attachment; filename="notes.txt"',
    );
  });

  it('adds the exact UTF-8 name as filename* beside an ASCII fallback', () => {
    expect(attachmentHeader('Lebenslauf Müller.pdf')).toBe(
      `attachment; filename="Lebenslauf M_ller.pdf"; filename*=UTF-8''Lebenslauf%20M%C3%BCller.pdf`,
    );
    expect(attachmentHeader('报告.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`);
    expect(attachmentHeader("it's (final)*.txt")).toBe(`attachment; filename="it's (final)*.txt"`);
  });

  it('never lets a name add a header, a parameter or a directory', () => {
    expect(attachmentHeader('a"; filename="evil.html')).toBe(
      `attachment; filename="a_; filename=_evil.html"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.html`,
    );
    expect(attachmentHeader('x\r\nSet-Cookie: a=b.txt')).toBe('attachment; filename="xSet-Cookie: a=b.txt"');
    expect(attachmentHeader('../../etc/passwd')).toBe('attachment; filename="passwd"');
    expect(attachmentHeader('C:\\Users\\me\\report.pdf')).toBe('attachment; filename="report.pdf"');
    expect(attachmentHeader('100%.txt')).toBe(`attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`);
    expect(attachmentHeader('')).toBe('attachment');
  });
});
