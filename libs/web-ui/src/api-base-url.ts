/** The meta element whose content the serving process fills with the gateway's base URL. */
export const API_BASE_URL_META_NAME = 'teamfit-api-base-url';

/**
 * The API's base URL: the meta's content when the serving process filled it in (an absolute http
 * or https URL), else the page's own origin (a gateway serving the app itself). Trailing slashes
 * are dropped so paths join cleanly.
 */
export function apiBaseUrlFrom(content: string | null | undefined, pageOrigin: string): string {
  const value = content?.trim();
  if (value) {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href.replace(/\/+$/, '');
    } catch {
      // Not a URL: fall back to the page's origin below.
    }
  }
  return pageOrigin;
}

export function readApiBaseUrl(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${API_BASE_URL_META_NAME}"]`);
  return apiBaseUrlFrom(meta?.content, doc.location.origin);
}
