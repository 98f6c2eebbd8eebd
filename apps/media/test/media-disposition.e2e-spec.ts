import { Client } from 'pg';
import request from 'supertest';
import { MediaTestKit, PNG } from './media-test-kit';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Downloads say whether the browser saves the file or shows it (docs/media.md, Downloads). */
describe('media downloads and Content-Disposition', () => {
  const kit = new MediaTestKit();
  const api = () => request(kit.url);

  const upload = async (content: Buffer, fileName: string, isPublic: boolean): Promise<string> => {
    const response = await api()
      .post('/media')
      .set('Authorization', kit.admin)
      .field('public', String(isPublic))
      .attach('file', content, { filename: fileName, contentType: 'application/octet-stream' })
      .expect(201);
    return (response.body as { id: string }).id;
  };

  beforeAll(() => kit.start());
  afterAll(() => kit.stop());

  it('serves a private file (a service-request attachment) as an attachment under its uploaded name', async () => {
    const id = await upload(PDF, 'Angebot Müller.pdf', false);
    // The multipart file name arrives as UTF-8 and is stored as such.
    const client = new Client({ connectionString: kit.database.url });
    await client.connect();
    const stored = await client
      .query<{ original_name: string }>('SELECT original_name FROM media.files WHERE id = $1', [id])
      .finally(() => client.end());
    expect(stored.rows[0]?.original_name).toBe('Angebot Müller.pdf');
    const response = await api().get(`/media/${id}`).set('Authorization', kit.admin).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Angebot M_ller.pdf"; filename*=UTF-8''Angebot%20M%C3%BCller.pdf`,
    );
  });

  it('serves a private image as an attachment too, and a name with a quote cannot add a parameter', async () => {
    const id = await upload(PNG, 'scan"; x=.png', false);
    const response = await api().get(`/media/${id}`).set('Authorization', kit.admin).expect(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="scan_; x=.png"; filename*=UTF-8''scan%22%3B%20x%3D.png`);
  });

  it('leaves a public image inline (a logo in an <img>), on both routes', async () => {
    const id = await upload(PNG, 'logo.png', true);
    const open = await api().get(`/public/${id}`).expect(200);
    expect(open.headers['content-type']).toBe('image/png');
    expect(open.headers['content-disposition']).toBeUndefined();
    const withToken = await api().get(`/media/${id}`).set('Authorization', kit.admin).expect(200);
    expect(withToken.headers['content-disposition']).toBeUndefined();
  });

  it('makes a public file that is not an image an attachment', async () => {
    const id = await upload(PDF, 'terms.pdf', true);
    const response = await api().get(`/public/${id}`).expect(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="terms.pdf"');
  });
});
