// A page's own stylesheet is imported by its module, so Vite puts it in that page's lazy chunk
// (loaded with the page under the web host's `style-src 'self'`) instead of the first visit.
declare module '*.css';
