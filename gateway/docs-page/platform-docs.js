// Sets up Swagger UI on the gateway's /docs page. A file, not an inline script: the docs pages'
// Content-Security-Policy allows scripts from this origin only. No validator badge: it would load
// an image from another site, which the same policy refuses. The token given to "Authorize" is
// kept in the browser's storage across reloads, and a filter box narrows the operations by tag.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'docs-json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: true,
    filter: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
