// Sets up Swagger UI on the gateway's /docs page. A file, not an inline script: the docs pages'
// Content-Security-Policy allows scripts from this origin only. No validator badge: it would load
// an image from another site, which the same policy refuses.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'docs-json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
