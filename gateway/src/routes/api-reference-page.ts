// The reference page: Scalar's renderer (served from our origin, scalar-bundle.ts) over /api/openapi.json, with
// its try-it client, code samples and search. Nothing is fetched from elsewhere: the CSP allows only our origin.
export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailwright API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="app"><p>Loading the API reference… The raw description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></div>
<script defer src="/api/reference/scalar.js"></script>
<script defer src="/api/reference/app.js"></script>
</body>
</html>
`;

/** Boots the renderer with the document; shows why when the document cannot be loaded. */
export const REFERENCE_JS = `(() => {
  'use strict';
  const mount = document.getElementById('app');
  fetch('/api/openapi.json')
    .then((response) => {
      if (!response.ok) throw new Error('HTTP ' + response.status);
      return response.json();
    })
    .then((description) => {
      window.Scalar.createApiReference('#app', {
        content: description,
        // Everything from our origin: no web fonts, no telemetry, no hosted AI agent, MCP or proxy.
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
        hideDarkModeToggle: false,
        documentDownloadType: 'json',
        defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
      });
    })
    .catch((error) => {
      mount.textContent = 'Could not load /api/openapi.json: ' + error.message;
    });
})();
`;
